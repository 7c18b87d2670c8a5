// Trying moves on a finished game from its page (试下): after a resignation
// a player taps the board (a phone, two taps) two moves back; the tried
// stones show with the game's later moves gone, the bar says how many were
// tried, "Take back" removes one, a tap on a stone adds nothing, and "Back
// to the game" (or moving through the game) shows the game again. During
// the game a tap two moves back plays nothing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { start_game, click_vertex, wait_for_moves, read_stones, wait_for_stones, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const phone = { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true } };

async function tap_twice(page, vertex) {
  const hit = page.locator(`svg.board rect.hit[data-vertex="${vertex}"]`);
  await hit.tap();
  await hit.tap();
}

test("a finished game's moves can be tried from any move and left again", async () => {
  const { black, white } = await start_game(browser, server.url, ["tr_black", "tr_white"], {}, [{}, phone]);
  try {
    const moves = [[black, "E5"], [white, "C3"], [black, "G7"], [white, "C7"]];
    for (const [i, [page, vertex]] of moves.entries()) {
      await click_vertex(page, vertex);
      await wait_for_moves(black, i + 1);
    }
    // While the game runs, a tap on a move two back tries nothing.
    await white.click("#nav-back");
    await white.click("#nav-back");
    await tap_twice(white, "D4");
    assert.equal(await white.isVisible("#trial-bar"), false);
    await white.click("#nav-last");

    await black.click("#resign-button");
    await white.waitForSelector('.game-page[data-phase="ended"]', { timeout });
    await white.waitForSelector("#result-dialog:not([hidden])", { timeout });
    await white.click("#result-close");
    await white.click("#nav-back");
    await white.click("#nav-back");
    await tap_twice(white, "D4"); // Black's turn after two moves
    await white.waitForSelector("#trial-bar:not([hidden])", { timeout });
    await tap_twice(white, "F4");
    assert.deepEqual(await wait_for_stones(white, { E5: "black", C3: "white", D4: "black", F4: "white" }),
      { C3: "white", D4: "black", E5: "black", F4: "white" });
    assert.match(await white.textContent("#trial-text"), /after move 2: 2 played/);
    await tap_twice(white, "E5"); // a stone is there: nothing is added
    assert.equal(Object.keys(await read_stones(white)).length, 4);
    await save_screenshot(white, "trial-moves-phone");

    await white.click("#trial-undo");
    await wait_for_stones(white, { E5: "black", C3: "white", D4: "black" });
    await white.click("#trial-leave");
    await white.waitForSelector("#trial-bar", { state: "hidden", timeout });
    assert.deepEqual(await wait_for_stones(white, { E5: "black", C3: "white" }), { C3: "white", E5: "black" });

    // Moving through the game ends a line as well.
    await tap_twice(white, "D4");
    await white.waitForSelector("#trial-bar:not([hidden])", { timeout });
    await white.click("#nav-last");
    await white.waitForSelector("#trial-bar", { state: "hidden", timeout });
    assert.deepEqual(await wait_for_stones(white, { E5: "black", C3: "white", G7: "black", C7: "white" }),
      { C3: "white", C7: "white", E5: "black", G7: "black" });
  } finally {
    await close_all(black, white);
  }
});
