// Move numbers on the stones: off by default, turned on by the toggle under
// the board (or in the settings panel, the two in step), shown for the
// stones standing in the position shown (captured ones gone, earlier
// positions numbered as they were), the last move's number marked instead
// of the ring, and kept across a reload in this browser only.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { click_vertex, wait_for_game_page, wait_for_moves, start_game } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

// {vertex: number} of the numbers drawn on the board.
function numbers(page) {
  return page.$$eval("svg.board text.move-number", (texts) =>
    Object.fromEntries(texts.map((text) => [text.dataset.vertex, Number(text.textContent)]).sort()));
}

const sorted = (object) => Object.fromEntries(Object.entries(object).sort());

test("move numbers on the stones: a toggle under the board, kept across a reload", async () => {
  const { black, white } = await start_game(browser, server.url, ["mn1", "mn2"]);
  try {
    // Black's A2 (move 5) captures White's A1 (move 2).
    const moves = ["E5", "A1", "B1", "E1", "A2"];
    for (const [index, vertex] of moves.entries()) {
      await click_vertex(index % 2 === 0 ? black : white, vertex);
      await wait_for_moves(black, index + 1);
      await wait_for_moves(white, index + 1);
    }
    assert.equal(await black.isChecked("#move-numbers-toggle"), false);
    assert.equal(await black.locator("svg.board text.move-number").count(), 0, "off by default");
    assert.equal(await black.locator("svg.board circle.last-move").count(), 1);

    await black.check("#move-numbers-toggle");
    await black.waitForSelector("svg.board text.move-number", { timeout });
    assert.deepEqual(await numbers(black), sorted({ E5: 1, B1: 3, E1: 4, A2: 5 }), "the captured stone has none");
    assert.equal(await black.getAttribute("svg.board text.move-number.last", "data-vertex"), "A2");
    assert.equal(await black.locator("svg.board circle.last-move").count(), 0, "the number marks the last move");
    await save_screenshot(black, "move-numbers");

    // Two moves back: A1 stands again with its number.
    await black.click("#nav-back");
    await black.click("#nav-back");
    await black.waitForSelector('.game-page[data-shown="3"]', { timeout });
    assert.deepEqual(await numbers(black), sorted({ E5: 1, A1: 2, B1: 3 }));
    await black.click("#nav-last");

    // The other browser keeps its own choice.
    assert.equal(await white.locator("svg.board text.move-number").count(), 0);

    // Kept across a reload, and the settings panel shows the same choice.
    await black.reload();
    await wait_for_game_page(black);
    await black.waitForSelector("svg.board text.move-number", { timeout });
    assert.equal(await black.isChecked("#move-numbers-toggle"), true);
    await black.click("#settings-button");
    assert.equal(await black.isChecked("#show-move-numbers"), true);
    // Turned off from the panel: the toggle under the board follows.
    await black.uncheck("#show-move-numbers");
    await black.waitForFunction(() => !document.querySelector("svg.board text.move-number"), null, { timeout });
    assert.equal(await black.isChecked("#move-numbers-toggle"), false);
    assert.deepEqual(black.problems, []);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});
