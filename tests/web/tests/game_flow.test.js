// Two people play a 9x9 friendly game in the browser, by clicking on the
// board, to a counted result, while a third watches from the lobby. One
// player reloads the page in the middle and carries on; the watcher loses
// its connection once and catches up. Every position is checked by reading
// the SVG stones from the DOM.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import {
  register, challenge, accept_challenge, wait_for_game_page, click_vertex, wait_for_moves,
  wait_for_stones, sorted,
} from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

// Black builds a wall on D, White on F; White's A1 is captured by A2 and
// White's B5 is left dead inside Black's area. Count: 36 each plus half
// of the neutral E column, 40.5 to 40.5, W+7.5.
const moves = [
  "D5", "F5", "D4", "F4", "D6", "F6", "D3", "F3", "D7", "F7",
  "D2", "F2", "D8", "F8", "D1", "F1", "D9", "F9",
  "C2", "A1", "B1", "B5", "A2", "pass", "pass",
];
const reload_after = 10;
const drop_after = 16;

// The position after the first n moves, written out by hand for the checks.
function expected_after(n) {
  const stones = {};
  moves.slice(0, n).forEach((vertex, i) => {
    if (vertex !== "pass") stones[vertex] = i % 2 === 0 ? "black" : "white";
  });
  if (n >= 23) delete stones.A1;
  return sorted(stones);
}

use_server_and_browser({ clean_exit: true });

async function play_move(players, index) {
  const mover = players[index % 2];
  const vertex = moves[index];
  if (vertex === "pass") await mover.click("#pass-button");
  else await click_vertex(mover, vertex);
  for (const page of players) await wait_for_moves(page, index + 1);
}

test("a friendly 9x9 game played by clicking, watched live, reloaded midway, counted", async () => {
  const alice = await open_client(browser, server.url);
  const bob = await open_client(browser, server.url);
  const carol = await open_client(browser, server.url);
  try {
    await register(alice, "alice");
    await register(bob, "bob");
    await register(carol, "carol", "secret-carol-pw", "2k");

    await challenge(alice, "bob");
    const game = await accept_challenge(bob);
    assert.equal(await wait_for_game_page(alice), game, "the challenger is taken to the same game");
    assert.match(await alice.textContent(".game-status"), /You play Black/);
    assert.match(await bob.textContent(".game-status"), /You play White/);

    const listed = carol.locator(`#game-list li[data-game="${game}"] a.watch-game`);
    await listed.click({ timeout: 15000 });
    await wait_for_game_page(carol);

    await alice.fill(".chat-input", "good luck");
    await alice.press(".chat-input", "Enter");
    await carol.waitForSelector('.chat-line.players:has-text("good luck")', { timeout: 15000 });
    await carol.fill(".chat-input", "nice opening");
    await carol.press(".chat-input", "Enter");
    await carol.waitForSelector('.chat-line.spectators:has-text("nice opening")', { timeout: 15000 });

    const players = [alice, bob];
    for (let i = 0; i < reload_after; i++) await play_move(players, i);
    await wait_for_moves(carol, reload_after);
    assert.deepEqual(await wait_for_stones(carol, expected_after(reload_after)), expected_after(reload_after));
    assert.equal(await carol.getAttribute(`svg.board circle.last-move`, "data-vertex"), moves[reload_after - 1]);
    await save_screenshot(carol, "watcher-before-reload");

    await alice.reload();
    await wait_for_game_page(alice);
    await wait_for_moves(alice, reload_after);
    assert.deepEqual(await wait_for_stones(alice, expected_after(reload_after)), expected_after(reload_after),
      "the reloaded page resumes the game with its stones");
    assert.match(await alice.textContent(".game-status"), /You play Black/, "the reload kept the login");
    await save_screenshot(alice, "player-after-reload");

    for (let i = reload_after; i < drop_after; i++) await play_move(players, i);
    await carol.evaluate(() => window.yunzi.connection.drop());
    await play_move(players, drop_after);
    await carol.waitForSelector("#banner", { state: "hidden", timeout: 15000 });
    for (let i = drop_after + 1; i < moves.length; i++) await play_move(players, i);

    const final = expected_after(moves.length);
    for (const page of [alice, bob, carol]) {
      await page.waitForSelector('.game-page[data-phase="scoring"]', { timeout: 15000 });
      assert.deepEqual(await wait_for_stones(page, final), final);
    }
    assert.equal(await carol.$(`svg.board circle.stone[data-vertex="A1"]`), null, "the captured stone is gone");
    assert.match(await alice.textContent(".player.black .captures"), /1/);

    await click_vertex(alice, "B5");
    for (const page of [alice, bob, carol]) {
      await page.waitForSelector('svg.board circle.stone.dead[data-vertex="B5"]', { timeout: 15000 });
    }
    assert.equal(await bob.textContent("#score-line"), "Black 40.5, White 40.5 + komi 7.5");
    await save_screenshot(bob, "scoring");

    await alice.click("#score-accept-button");
    await bob.click("#score-accept-button");
    for (const page of [alice, bob, carol]) {
      await page.waitForSelector('#game-result:has-text("W+7.5")', { timeout: 15000 });
    }
    assert.match(await carol.textContent("#game-result"), /by counting/);
    await save_screenshot(carol, "watcher-final");
    assert.equal(await carol.textContent("#score-line"), "Black 40.5, White 40.5 + komi 7.5", "the server's count");

    // Moving through the finished game with the keyboard (focus leaves the chat field first).
    await carol.focus("#nav-last");
    await carol.keyboard.press("Home");
    assert.deepEqual(await wait_for_stones(carol, {}), {});
    for (let i = 0; i < 3; i++) await carol.keyboard.press("ArrowRight");
    assert.deepEqual(await wait_for_stones(carol, expected_after(3)), expected_after(3));
    await carol.keyboard.press("End");
    assert.deepEqual(await wait_for_stones(carol, final), final);

    // The profile lists the game with a working SGF link.
    await alice.click("#my-profile");
    const link = alice.locator(`.game-table tr[data-game="${game}"] a.sgf-link`);
    await link.waitFor({ timeout: 15000 });
    const sgf = await alice.request.get(new URL(await link.getAttribute("href"), server.url).href);
    assert.equal(sgf.status(), 200);
    const text = await sgf.text();
    assert.match(text, /SZ\[9\]/);
    assert.match(text, /RE\[W\+7\.5\]/);

    for (const page of [alice, bob, carol]) assert.deepEqual(page.problems, [], "no script errors in the page");
  } finally {
    for (const page of [alice, bob, carol]) await page.context().close();
  }
});
