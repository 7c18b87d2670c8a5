// "Your turn" off the screen: while a game of the player's waits for their
// move and the tab shows another page (or is hidden), the title starts with
// a marker and the favicon gets a red dot; both go when the player moves or
// looks at the game.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { click_vertex, wait_for_game_page, wait_for_moves, start_game } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

async function signal(page) {
  return page.evaluate(() => {
    const link = document.querySelector('link[rel="icon"]');
    return { title: document.title, turn: link.dataset.turn === "true", icon: link.getAttribute("href") };
  });
}

async function set_hidden(page, hidden) {
  await page.evaluate((value) => {
    Object.defineProperty(document, "hidden", { value, configurable: true });
    Object.defineProperty(document, "visibilityState", { value: value ? "hidden" : "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

async function wait_for_marker(page, shown) {
  await page.waitForFunction((want) => document.title.startsWith("● ") === want, shown, { timeout });
  return signal(page);
}

test("the title and the favicon say it is your move in a game off the screen", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["turn1", "turn2"], {}, [{}, { locale: "zh-CN" }]);
  try {
    // On the game's own page, no marker for the player to move.
    let shown = await signal(black);
    assert.equal(shown.turn, false);
    assert.doesNotMatch(shown.title, /^●/);
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    assert.doesNotMatch((await signal(white)).title, /^●/, "White looks at the game");

    // White goes to the lobby: the game waits for White there.
    await white.click('a[href="#/"]');
    await white.waitForSelector(".lobby", { timeout });
    shown = await wait_for_marker(white, true);
    assert.match(shown.title, /^● 轮到你 — yunzi/);
    assert.equal(shown.turn, true);
    assert.match(shown.icon, /^data:image\/svg\+xml,/);
    assert.match(decodeURIComponent(shown.icon), /#e5322d/, "the icon with the red dot");
    assert.doesNotMatch((await signal(black)).title, /^●/, "Black waits for White");

    // White moves (from the console of the lobby page, as from another
    // device): the marker goes, and Black's page has none as Black sees the game.
    await white.evaluate((id) => window.yunzi.request({ type: "game.move", game: id, vertex: "C3" }), game);
    shown = await wait_for_marker(white, false);
    assert.equal(shown.turn, false);
    assert.doesNotMatch(decodeURIComponent(shown.icon), /#e5322d/);
    await wait_for_moves(black, 2);
    assert.doesNotMatch((await signal(black)).title, /^●/);

    // Black's tab hidden: the marker shows though the game's page is open in
    // it; shown again, it goes. Headless Chromium keeps every tab visible
    // (another tab in front or a minimised window change nothing), so the
    // page is told as a browser tells it: document.hidden and visibilitychange.
    await set_hidden(black, true);
    shown = await wait_for_marker(black, true);
    assert.match(shown.title, /^● Your turn — yunzi/);
    await set_hidden(black, false);
    await wait_for_marker(black, false);

    // A page of someone's profile is another page: the marker is back, and
    // opening the game clears it.
    await black.goto(`${server.url}#/user/turn2`);
    await black.waitForSelector(".profile", { timeout });
    shown = await wait_for_marker(black, true);
    await save_screenshot(black, "your-turn-profile");
    await black.goto(`${server.url}#/game/${game}`);
    await wait_for_game_page(black);
    await wait_for_marker(black, false);
    assert.deepEqual(black.problems, []);
    assert.deepEqual(white.problems, []);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});
