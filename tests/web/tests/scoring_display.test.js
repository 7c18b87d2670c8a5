// The count on the game page is the server's: during scoring the score line,
// the territory marks and the dead stones are exactly what the last
// game.scoring frame the page received says (its `count`), before and after
// a group is marked dead, for both players and a spectator; a page whose
// frames carry another count shows that one, so nothing is counted in the
// browser; and the final position of the counted game keeps the count's
// territory.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, record_frames, save_screenshot } from "../lib/browser.js";
import { click_vertex, wait_for_game_page, wait_for_moves, start_game, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

// Black walls off A-D with the D column, White F-J with the F column, White
// drops B5 into Black's area; then both pass. The E column is shared.
async function play_to_scoring(black, white) {
  const moves = [];
  for (let row = 1; row <= 9; row++) moves.push(`D${row}`, `F${row}`);
  moves.push("pass", "B5", "pass", "pass");
  for (const [index, vertex] of moves.entries()) {
    const [mover, other] = index % 2 === 0 ? [black, white] : [white, black];
    if (vertex === "pass") await mover.click("#pass-button");
    else await click_vertex(mover, vertex);
    await wait_for_moves(other, index + 1);
  }
  await black.waitForSelector('.game-page[data-phase="scoring"]', { timeout });
  await white.waitForSelector('.game-page[data-phase="scoring"]', { timeout });
}

// The newest game.scoring frame the page got whose marking is `dead`.
async function scoring_frame(page, dead) {
  const want = JSON.stringify([...dead].sort());
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.frames_received.findLast((f) => f.type === "game.scoring");
    if (frame && JSON.stringify([...frame.dead].sort()) === want) return frame;
    if (Date.now() > deadline) assert.fail(`no game.scoring with dead ${want}: ${JSON.stringify(frame)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// What the page shows of the count: the score line, the territory marks by
// colour and the stones crossed out, each list sorted.
async function shown_count(page) {
  return page.evaluate(() => {
    const vertices = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.vertex).sort();
    const line = document.querySelector("#score-line");
    return {
      line: line ? line.textContent : null,
      black: vertices("svg.board rect.territory.black"),
      white: vertices("svg.board rect.territory.white"),
      dead: vertices("svg.board circle.stone.dead"),
    };
  });
}

function expected_display(frame) {
  const { count } = frame;
  return {
    line: `Black ${count.black}, White ${count.white} + komi ${count.komi}`,
    black: [...count.territory.black].sort(),
    white: [...count.territory.white].sort(),
    dead: [...frame.dead].sort(),
  };
}

async function wait_for_display(page, expected) {
  await page.waitForFunction((want) => {
    const line = document.querySelector("#score-line");
    return line && line.textContent === want.line &&
      document.querySelectorAll("svg.board circle.stone.dead").length === want.dead.length &&
      document.querySelectorAll("svg.board rect.territory.black").length === want.black.length;
  }, expected, { timeout }).catch(() => {});
  return shown_count(page);
}

test("the score, territory and dead stones during scoring are the server's count", async () => {
  const options = { prepare: record_frames };
  const { black, white, game } = await start_game(browser, server.url, ["sd1", "sd2"], {}, [options, options]);
  let watcher;
  try {
    await play_to_scoring(black, white);
    watcher = await open_client(browser, `${server.url}#/game/${game}`, options);
    await wait_for_game_page(watcher);

    // Nothing marked: B5 alive spoils Black's area, shared with White's.
    const opened = await scoring_frame(black, []);
    assert.equal(opened.count.black + opened.count.white, 81, "every point counted once");
    assert.deepEqual(await wait_for_display(black, expected_display(opened)), expected_display(opened));
    assert.deepEqual(await wait_for_display(white, expected_display(opened)), expected_display(opened));

    // Black marks White's stone dead: A-C become Black's, B5's point included.
    await click_vertex(black, "B5");
    for (const page of [black, white]) {
      const marked = await scoring_frame(page, ["B5"]);
      assert.deepEqual(await wait_for_display(page, expected_display(marked)), expected_display(marked), page.url());
      assert.equal(marked.count.black, 40.5);
      assert.equal(marked.count.white, 40.5);
      assert.ok(marked.count.territory.black.includes("B5"), "the dead stone's point is Black's");
    }
    // A spectator who came during scoring has the count from the state, then from the event.
    const state_count = watcher.frames_received.find((f) => f.state && f.state.game === game);
    assert.ok(state_count && state_count.state.count, "the game.watch state carries the count");
    const marked = await scoring_frame(watcher, ["B5"]);
    assert.deepEqual(await wait_for_display(watcher, expected_display(marked)), expected_display(marked));
    await save_screenshot(watcher, "scoring-server-count");

    // The count both accept is the final one, and the finished board keeps its territory.
    await black.click("#score-accept-button");
    await white.click("#score-accept-button");
    const end = await (async () => {
      await black.waitForSelector('#game-result:has-text("W+7.5")', { timeout });
      return black.frames_received.find((f) => f.type === "game.end");
    })();
    assert.deepEqual(end.score, { black: marked.count.black, white: marked.count.white, komi: marked.count.komi });
    assert.equal(end.result, marked.count.result);
    const final = await shown_count(black);
    assert.deepEqual([final.black, final.white, final.dead], [expected_display(marked).black, expected_display(marked).white, ["B5"]]);
    for (const page of [black, white, watcher]) assert.deepEqual(page.problems, []);
  } finally {
    await close_all(black, white, ...(watcher ? [watcher] : []));
  }
});

test("a page shows the count its frames carry and counts nothing itself", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["sd3", "sd4"]);
  // This watcher's socket passes every frame on, except that each count is
  // replaced by one no board position gives: whatever the page shows of it
  // can only have come from the frame.
  const doctored = (count) => ({
    ...count, black: 1.5, white: 2.5, komi: 0.5, territory: { black: ["A9"], white: ["J1", "J2"] },
  });
  const doctor = (text) => {
    const frame = JSON.parse(text);
    if (frame.type === "game.scoring" && frame.count) frame.count = doctored(frame.count);
    if (frame.state && frame.state.count) frame.state.count = doctored(frame.state.count);
    return JSON.stringify(frame);
  };
  const route = (page) => page.routeWebSocket(/\/ws$/, (socket) => {
    const upstream = socket.connectToServer();
    socket.onMessage((message) => upstream.send(message));
    upstream.onMessage((message) => socket.send(typeof message === "string" ? doctor(message) : message));
  });
  let watcher;
  try {
    watcher = await open_client(browser, `${server.url}#/game/${game}`, { prepare: route });
    await wait_for_game_page(watcher);
    await play_to_scoring(black, white);
    await click_vertex(black, "B5");
    await black.waitForSelector('svg.board circle.stone.dead[data-vertex="B5"]', { timeout });
    const expected = { line: "Black 1.5, White 2.5 + komi 0.5", black: ["A9"], white: ["J1", "J2"], dead: ["B5"] };
    assert.deepEqual(await wait_for_display(watcher, expected), expected);
    // The players' pages, with the true count, differ from it.
    assert.equal(await black.textContent("#score-line"), "Black 40.5, White 40.5 + komi 7.5");
    // A reload during scoring takes the count from the state.
    await watcher.reload();
    await wait_for_game_page(watcher);
    assert.deepEqual(await wait_for_display(watcher, expected), expected);
    assert.deepEqual(watcher.problems, []);
  } finally {
    await close_all(black, white, ...(watcher ? [watcher] : []));
  }
});
