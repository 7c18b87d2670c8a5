// Analysis and demo boards: a new board made from the header's Boards page,
// the owner playing both colours, a variation in the move tree, the arrow
// keys along the line and between variations, a cut, the estimate drawn
// over the board, the SGF download and the copied link, a visitor (Chinese)
// following the owner live from the link and looking elsewhere for a while,
// the board deleted from "my boards". An uploaded SGF record (comments and
// marks left out in the browser; too large, unreadable and illegal records
// explained). On a game page: estimate and analyze for a spectator and for
// the finished game, never for a player during the game. The board page
// fits a phone and a laptop with a long line in its tree.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, click_vertex, wait_for_moves, start_game, read_stones, wait_for_connection, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();
let scratch;

before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "yunzi-boards-"));
});

after(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

// Makes a board from the Boards page's form; returns its id once its page shows.
async function new_board(page, { title = "", size = 9, file = null } = {}) {
  await page.click("#nav-boards");
  await page.waitForSelector("#new-board-form", { timeout });
  if (title) await page.fill("#board-title", title);
  await page.selectOption("#board-size", String(size));
  if (file) await page.setInputFiles("#board-sgf-file", file);
  await page.click("#board-create");
  await page.waitForURL(/#\/board\/\d+$/, { timeout });
  await page.waitForSelector(".board-page[data-node]", { timeout });
  return Number(new URL(page.url()).hash.split("/")[2]);
}

const shown_node = (page) => page.evaluate(() => Number(document.querySelector(".board-page").dataset.node));
const tree_count = (page) => page.locator("#move-tree .tree-node").count();

async function wait_node_number(page, n) {
  await page.waitForFunction((want) => {
    const shown = document.querySelector("#move-tree .tree-node.shown");
    return shown && shown.querySelector(".tree-number").textContent === want;
  }, String(n), { timeout });
}

async function wait_tree(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll("#move-tree .tree-node").length === n, count, { timeout });
}

// Clicks a point and waits until the tree has `count` nodes and the board
// shows the stone: the owner's own page hears of the new node (the event to
// every watcher) before the reply that moves it there.
async function play(page, vertex, count) {
  await click_vertex(page, vertex);
  await wait_tree(page, count);
  await page.waitForFunction((v) => document.querySelector(`svg.board circle.stone[data-vertex="${v}"]`), vertex, { timeout });
}

// The board shows the estimate as the server sent it: each territory point
// marked with its colour, each dead stone crossed out, nothing else.
async function assert_estimate_drawn(page, estimate) {
  const drawn = await page.$$eval("svg.board rect.territory", (rects) =>
    rects.map((r) => `${r.dataset.vertex}:${r.classList.contains("black") ? "black" : "white"}`).sort());
  const sent = [...estimate.territory.black.map((v) => `${v}:black`), ...estimate.territory.white.map((v) => `${v}:white`)].sort();
  assert.deepEqual(drawn, sent);
  const dead = await page.$$eval("svg.board circle.stone.dead", (stones) => stones.map((c) => c.dataset.vertex).sort());
  assert.deepEqual(dead, [...estimate.dead].sort());
}

function sgf_file(name, text) {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

test("the owner plays both colours with a variation; a visitor follows live", async () => {
  const owner = await open_client(browser, server.url, { viewport: { width: 1366, height: 768 } });
  await owner.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  let visitor = null;
  try {
    await register(owner, "bd_owner");
    const id = await new_board(owner, { title: "joseki study" });
    assert.equal(await owner.textContent(".board-title"), "joseki study");
    assert.match(await owner.textContent("#board-status"), /click to play Black/);
    await play(owner, "E5", 2);
    await play(owner, "C3", 3);
    await play(owner, "G7", 4);
    assert.deepEqual(await read_stones(owner), { E5: "black", C3: "white", G7: "black" });
    // The server judges every move: an occupied point is refused and explained.
    await click_vertex(owner, "E5");
    await owner.waitForSelector('.notice.error:has-text("There is already a stone there.")', { timeout });
    assert.equal(await tree_count(owner), 4);

    // Back one move, and another Black move there: a variation in a row of its own.
    await owner.keyboard.press("ArrowLeft");
    await wait_node_number(owner, 2);
    await play(owner, "G3", 5);
    assert.deepEqual(await read_stones(owner), { E5: "black", C3: "white", G3: "black" });
    assert.equal(await owner.getAttribute("#move-tree", "data-rows"), "2");
    await owner.keyboard.press("ArrowUp");
    await owner.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="G7"]'), null, { timeout });
    await owner.keyboard.press("ArrowDown");
    await owner.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="G3"]'), null, { timeout });
    // The same move again is the same node, not a copy.
    await owner.keyboard.press("ArrowLeft");
    await wait_node_number(owner, 2);
    await click_vertex(owner, "G3");
    await wait_node_number(owner, 3);
    assert.equal(await tree_count(owner), 5);

    // A visitor in Chinese opens the link and sees the owner's position.
    visitor = await open_client(browser, `${server.url}#/board/${id}`, { locale: "zh-CN" });
    await visitor.waitForSelector(".board-page[data-node]", { timeout });
    await wait_tree(visitor, 5);
    assert.deepEqual(await read_stones(visitor), { E5: "black", C3: "white", G3: "black" });
    assert.match(await visitor.textContent("#board-status"), /bd_owner/);
    assert.equal(await visitor.isVisible("#board-pass"), false);
    // A visitor's click on the board plays nothing.
    await click_vertex(visitor, "A1");
    await play(owner, "H2", 6);
    await visitor.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="H2"]'), null, { timeout });
    assert.equal(await visitor.locator('svg.board circle.stone[data-vertex="A1"]').count(), 0);

    // The owner goes back to the main line from the tree: the visitor follows.
    await owner.click('#move-tree g.tree-node.black:has(text:text-is("3")) >> nth=0');
    await visitor.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="G7"]'), null, { timeout });
    // The visitor looks at the start for a while, then comes back to the owner's move.
    await visitor.click('#move-tree .tree-node.root');
    await visitor.waitForFunction(() => document.querySelectorAll("svg.board circle.stone").length === 0, null, { timeout });
    assert.equal(await visitor.isVisible("#board-live"), true);
    await save_screenshot(visitor, "board-visitor-looking-zh");
    await visitor.click("#board-live");
    await visitor.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="G7"]'), null, { timeout });

    // Pass, then cut the variation (G3, H2) from its first move.
    await owner.click("#board-pass");
    await wait_tree(owner, 7);
    await wait_node_number(owner, 4);
    await owner.keyboard.press("ArrowDown");
    await owner.waitForFunction(() => document.querySelector('svg.board circle.stone[data-vertex="H2"]'), null, { timeout });
    await owner.keyboard.press("ArrowLeft");
    await owner.waitForFunction(() => !document.querySelector('svg.board circle.stone[data-vertex="H2"]'), null, { timeout });
    await owner.click("#board-cut");
    await wait_tree(owner, 5);
    await wait_node_number(owner, 2);
    await wait_tree(visitor, 5);
    assert.equal(await owner.getAttribute("#move-tree", "data-rows"), "1");
    assert.deepEqual(await read_stones(owner), { E5: "black", C3: "white" });

    // A corner for Black (A1 between B1 and A2), then the estimate: the
    // server's territory and dead stones drawn as it sent them, with the
    // count in words, for the owner and the visitor alike.
    await owner.keyboard.press("End");
    await wait_node_number(owner, 4);
    await play(owner, "B1", 6);
    await play(owner, "J9", 7);
    await play(owner, "A2", 8);
    await owner.click("#estimate-toggle");
    await owner.waitForFunction(() => document.querySelector("#estimate-result").textContent.length > 0, null, { timeout });
    const node = await shown_node(owner);
    const estimate = await owner.evaluate(({ board, node }) => window.yunzi.connection.request({ type: "board.estimate", board, node })
      .then((reply) => reply.estimate), { board: id, node });
    await assert_estimate_drawn(owner, estimate);
    assert.match(await owner.textContent("#estimate-result"), /^Estimate: Black [\d.]+, White [\d.]+ — ((Black|White) leads by [\d.]+ after komi|even)$/);
    assert.ok(estimate.territory.black.includes("A1"), `A1 is Black's: ${JSON.stringify(estimate)}`);
    await visitor.click("#estimate-toggle");
    await visitor.waitForFunction(() => /^形势判断：黑/.test(document.querySelector("#estimate-result").textContent), null, { timeout });
    await assert_estimate_drawn(visitor, estimate);
    await save_screenshot(owner, "board-estimate");
    await owner.click("#estimate-toggle");
    assert.equal(await owner.locator("svg.board rect.territory").count(), 0);

    // The SGF holds the line and the pass; the link is copied.
    const href = await owner.getAttribute("#board-sgf", "href");
    const sgf = await (await fetch(new URL(href, server.url))).text();
    assert.match(sgf, /SZ\[9\]/);
    assert.match(sgf, /B\[ee\][^]*W\[cg\][^]*B\[gc\]/);
    await owner.click("#board-copy-link");
    const copied = await owner.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${server.url.replace(/\/$/, "")}/#/board/${id}`);
    assert.equal(await visitor.inputValue("#board-link"), copied);

    // My boards lists it; deleting it there tells the visitor.
    await owner.click("#nav-boards");
    await owner.waitForSelector(`#my-boards li[data-board="${id}"]`, { timeout });
    assert.match(await owner.textContent(`#my-boards li[data-board="${id}"]`), /joseki study/);
    await owner.click(`#my-boards li[data-board="${id}"] .board-delete`);
    await owner.waitForSelector(`#my-boards li[data-board="${id}"]`, { state: "detached", timeout });
    await visitor.waitForSelector("#not-found", { timeout });
    assert.equal(await visitor.textContent("#not-found h1"), "此棋盘已被删除。");
    assert.deepEqual(owner.problems, []);
    assert.deepEqual(visitor.problems, []);
  } finally {
    await close_all(owner, ...(visitor ? [visitor] : []));
  }
});

test("an uploaded SGF record: kept moves and variations, and the records that cannot be sent", async () => {
  const page = await open_client(browser, server.url);
  try {
    await register(page, "bd_sgf");
    // Marks and times are left out in the browser, a comment too long for one
    // frame is shortened (and the player told); the variation stays.
    const record = "(;FF[4]GM[1]SZ[13]KM[6.5]PB[Ann]PW[Bob]GN[club game]C[" + "a long comment ".repeat(2000) + "]" +
      ";B[dd]C[first]BL[30];W[jj]TR[aa](;B[dj];W[jd])(;B[jd]LB[aa:x]))";
    assert.ok(record.length > 16 * 1024, "the file itself is larger than a frame");
    const id = await new_board(page, { file: sgf_file("club.sgf", record) });
    await wait_tree(page, 6);
    assert.equal(await page.textContent(".board-title"), "club game");
    assert.equal(await page.textContent("#board-players"), "Black Ann, White Bob");
    assert.equal((await page.locator("svg.board rect.hit[data-vertex]").count()), 169);
    const sgf = await (await fetch(`${server.url}boards/${id}.sgf`)).text();
    assert.match(sgf, /PB\[Ann\]/);
    assert.match(sgf, /C\[(a long comment ){100,}[^\]]*…\]/, "the long comment shortened");
    assert.ok(sgf.length < 16 * 1024);
    assert.match(sgf, /C\[first\]/, "a short one whole");
    assert.doesNotMatch(sgf, /TR\[|LB\[|BL\[/);
    await page.waitForSelector(".notice:has-text('shortened')", { timeout });

    // Still too large with only the moves: said so, nothing sent.
    let big = "(;SZ[19]";
    for (let i = 0; i < 2500; i++) big += `(;B[${String.fromCharCode(97 + (i % 19))}${String.fromCharCode(97 + Math.floor(i / 19) % 19)}])`;
    big += ")";
    await page.click("#nav-boards");
    await page.waitForSelector("#new-board-form", { timeout });
    await page.setInputFiles("#board-sgf-file", sgf_file("big.sgf", big));
    await page.click("#board-create");
    await page.waitForFunction(() => document.querySelector("#board-form-problem").textContent.includes("16 KiB"), null, { timeout });
    assert.match(await page.textContent("#board-form-problem"), /still \d+ KiB/);

    // Not a record at all, and a record with an illegal move (the server names it).
    await page.setInputFiles("#board-sgf-file", sgf_file("notes.sgf", "just some notes"));
    await page.click("#board-create");
    await page.waitForFunction(() => /not an SGF record/.test(document.querySelector("#board-form-problem").textContent), null, { timeout });
    await page.setInputFiles("#board-sgf-file", sgf_file("illegal.sgf", "(;SZ[9];B[ee];W[ee])"));
    await page.click("#board-create");
    await page.waitForFunction(() => /cannot read this record/.test(document.querySelector("#board-form-problem").textContent), null, { timeout });
    assert.match(await page.textContent("#board-form-problem"), /2/);
    await save_screenshot(page, "board-sgf-problem");
    assert.deepEqual(page.problems, []);
  } finally {
    await close_all(page);
  }
});

test("estimate and analyze on a game page: spectators and finished games, not the players", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["bd_black", "bd_white"]);
  const fan = await open_client(browser, server.url, { locale: "zh-CN" });
  try {
    const moves = [["black", "E5"], ["white", "C3"], ["black", "G7"], ["white", "C7"]];
    for (const [i, [color, vertex]] of moves.entries()) {
      await click_vertex(color === "black" ? black : white, vertex);
      await wait_for_moves(black, i + 1);
    }
    for (const player of [black, white]) {
      assert.equal(await player.isVisible("#analyze-button"), false, "no analysis for a player during the game");
      assert.equal(await player.isVisible("#estimate-toggle"), false);
    }
    // A player asking anyway is refused with words of its own.
    const refused = await black.evaluate((id) => window.yunzi.connection.request({ type: "game.estimate", game: id })
      .then(() => "ok", (err) => err.code), game);
    assert.equal(refused, "forbidden");

    await register(fan, "bd_fan");
    await fan.goto(`${server.url}#/game/${game}`);
    await fan.waitForSelector(".game-page[data-moves='4']", { timeout });
    await fan.click("#estimate-toggle");
    await fan.waitForFunction(() => /^形势判断：黑/.test(document.querySelector("#estimate-result").textContent), null, { timeout });
    const estimate = await fan.evaluate((id) => window.yunzi.connection.request({ type: "game.estimate", game: id, move: 4 })
      .then((reply) => reply.estimate), game);
    await assert_estimate_drawn(fan, estimate);
    await save_screenshot(fan, "game-estimate-spectator");
    // Analysis from the move shown, two moves back: the board holds the whole
    // game (the root and four moves) and opens at move 2.
    await fan.click("#nav-back");
    await fan.click("#nav-back");
    await fan.click("#analyze-button");
    await fan.waitForURL(/#\/board\/\d+$/, { timeout });
    await fan.waitForSelector('.board-page[data-node="2"]', { timeout });
    await wait_tree(fan, 5);
    assert.deepEqual(await read_stones(fan), { E5: "black", C3: "white" });
    assert.equal(await fan.getAttribute(".board-page", "data-owner"), "true");
    assert.equal(await fan.getAttribute("#board-game", "href"), `#/game/${game}`);
    await play(fan, "D6", 6);

    // Once the game is over its players may analyse it too.
    await white.click("#resign-button");
    await black.waitForSelector("#game-result:not(:empty)", { timeout });
    await black.waitForSelector("#analyze-button", { state: "visible", timeout });
    await black.click("#estimate-toggle");
    await black.waitForFunction(() => document.querySelector("#estimate-result").textContent.length > 0, null, { timeout });
    await black.click("#analyze-button");
    await black.waitForURL(/#\/board\/\d+$/, { timeout });
    await wait_tree(black, 5);
    assert.deepEqual(await read_stones(black), { E5: "black", C3: "white", G7: "black", C7: "white" });
    assert.deepEqual(fan.problems, []);
  } finally {
    await close_all(black, white, fan);
  }
});

// A long line (the tree wider than any screen) on a phone and a laptop.
for (const [width, height] of [[375, 812], [1366, 768]]) {
  test(`the board page at ${width}x${height} is no wider than the screen`, async () => {
    const page = await open_client(browser, server.url, { viewport: { width, height } });
    try {
      await register(page, `bd_size${width}`);
      const id = await new_board(page, { size: 19, title: "一局很长的棋 a very long title for a small screen" });
      const line = [];
      for (let row = 1; row <= 19; row++) line.push(`A${row}`, `C${row}`);
      await page.evaluate(async ({ board, vertices }) => {
        let from = 0;
        for (const vertex of vertices) {
          const reply = await window.yunzi.connection.request({ type: "board.play", board, from, vertex });
          from = reply.node.id;
        }
      }, { board: id, vertices: line });
      await page.reload();
      await page.waitForSelector(".board-page[data-node]", { timeout });
      await wait_tree(page, line.length + 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than ${width}`);
      for (const selector of ["svg.board", "#move-tree", ".move-nav", "#estimate-toggle", "#board-copy-link"]) {
        const b = await page.locator(selector).boundingBox();
        assert.ok(b && b.x >= 0 && b.x + b.width <= width + 0.5, `${selector} inside the width: ${JSON.stringify(b)}`);
      }
      // The tree scrolls in its own box, with the last move in view.
      const tree = await page.locator("#move-tree").evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth, left: box.scrollLeft }));
      assert.ok(tree.scroll > tree.client && tree.left > 0, JSON.stringify(tree));
      await save_screenshot(page, `board-page-${width}x${height}`);
      assert.deepEqual(page.problems, []);
    } finally {
      await close_all(page);
    }
  });
}

for (const { name, locale, viewport, device } of [
  { name: "phone", locale: "zh-CN", viewport: { width: 390, height: 844 }, device: { hasTouch: true, isMobile: true } },
  { name: "desktop", locale: "en-US", viewport: { width: 1366, height: 768 }, device: {} },
]) {
  test(`a commented record on the ${name}: its result, and each move's note under the board`, async () => {
    const page = await open_client(browser, server.url, { locale, viewport, device });
    try {
      await register(page, `bd_notes_${name}`);
      const record = "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[黑方]PW[白方]RE[W+2.5]C[赛前：双方都想取胜]" +
        ";B[ee]C[天元开局\n第二行];W[cc];C[a note on a node without a move]" +
        "(;B[gc]C[<b>not markup</b>])(;B[cg]C[变化：另一种下法]))";
      await new_board(page, { file: sgf_file(`notes-${name}.sgf`, record) });
      await wait_tree(page, 5);
      const result = locale === "zh-CN" ? "结果：W+2.5" : "Result: W+2.5";
      assert.equal(await page.textContent("#board-result"), result);
      assert.equal(await page.locator("#move-tree .tree-node.commented").count(), 5);

      // The root's note at the start, then each move's as the moves are stepped through.
      const comment = async () => page.evaluate(() => {
        const box = document.querySelector("#board-comment");
        return box.hidden ? null : box.textContent;
      });
      await page.click("#nav-first");
      await wait_node_number(page, "○");
      assert.equal(await comment(), "赛前：双方都想取胜");
      await page.click("#nav-forward");
      await wait_node_number(page, 1);
      assert.equal(await comment(), "天元开局\n第二行");
      const box = await page.locator("#board-comment").boundingBox();
      const board = await page.locator("svg.board").boundingBox();
      assert.ok(box.y >= board.y + board.height - 1, "under the board");
      assert.ok(box.y + Math.min(box.height, 40) <= viewport.height, `in view without scrolling: ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("#board-comment")).whiteSpace), "pre-wrap");
      await page.click("#nav-forward");
      await wait_node_number(page, 2);
      assert.equal(await comment(), "a note on a node without a move", "a comment-only node's note joins the move above");
      await page.click("#nav-forward");
      await wait_node_number(page, 3);
      assert.equal(await comment(), "<b>not markup</b>", "shown as text");
      assert.equal(await page.locator("#board-comment b").count(), 0);
      await save_screenshot(page, `board-notes-${name}`);

      // A move of the owner's own has no note: the box goes.
      await play(page, "D4", 6);
      await wait_node_number(page, 4);
      assert.equal(await comment(), null);
      assert.deepEqual(page.problems, []);
    } finally {
      await close_all(page);
    }
  });
}

