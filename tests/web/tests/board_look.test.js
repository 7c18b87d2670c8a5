// The board's look and a phone's way of playing: shaded stones, the
// coordinates toggle (the stones grow without them), the dark theme from the
// settings panel, both kept across a reload; on a touch screen the first tap
// only shows the stone and a second tap on the same point plays it, while a
// mouse plays with one click. The board's and the stones' look chosen in the
// settings panel (green board, flat stones), kept across a reload.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { click_vertex, wait_for_game_page, wait_for_moves, wait_for_stones, start_game } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const phone = { viewport: { width: 375, height: 812 }, device: { hasTouch: true, isMobile: true } };
use_server_and_browser();

const hit = (vertex) => `svg.board rect.hit[data-vertex="${vertex}"]`;

async function stone_width(page, vertex) {
  const box = await page.locator(`svg.board circle.stone[data-vertex="${vertex}"]`).boundingBox();
  return box.width;
}

async function theme(page) {
  return page.evaluate(() => ({
    name: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

test("a phone: tap to show, tap again to play; coordinates and dark theme kept across a reload", async () => {
  const { black, white } = await start_game(browser, server.url, ["tap1", "tap2"], {}, [phone, {}]);
  try {
    // One tap shows a ghost stone with guide lines and plays nothing; a tap
    // elsewhere moves the ghost; a second tap on it plays there.
    await black.tap(hit("E5"));
    await black.waitForSelector('svg.board circle.preview.pending[data-vertex="E5"]', { timeout });
    assert.equal(await black.locator("svg.board .touch-guide").count(), 1);
    await save_screenshot(black, "board-look-touch-pending");
    await black.tap(hit("D4"));
    await black.waitForSelector('svg.board circle.preview.pending[data-vertex="D4"]', { timeout });
    assert.equal(await black.locator('svg.board circle.preview[data-vertex="E5"]').count(), 0);
    await black.tap(hit("D4"));
    await wait_for_moves(white, 1);
    assert.deepEqual(await wait_for_stones(white, { D4: "black" }), { D4: "black" }, "the first taps played nothing");
    await wait_for_moves(black, 1);
    assert.equal(await black.locator("svg.board circle.preview.pending").count(), 0, "the ghost goes with the move");

    // A mouse plays with one click.
    await click_vertex(white, "E5");
    await wait_for_moves(black, 2);
    assert.deepEqual(await wait_for_stones(black, { D4: "black", E5: "white" }), { D4: "black", E5: "white" });

    // The edge points reach into the margin: a bigger target than a middle point.
    const edge = await black.locator(hit("A9")).boundingBox();
    const middle = await black.locator(hit("E5")).boundingBox();
    assert.ok(edge.width > middle.width * 1.5 && edge.height > middle.height * 1.5, "edge targets reach the rim");

    // Shaded stones: the slate and shell gradients fill them.
    const fills = await black.$$eval("svg.board circle.stone", (circles) =>
      circles.map((c) => [c.dataset.color, getComputedStyle(c).fill]));
    for (const [color, fill] of fills) assert.match(fill, new RegExp(`url\\(.*#yunzi-stone-${color}`), `${color} is shaded`);
    assert.equal(await black.locator("svg.board radialGradient#yunzi-stone-black").count(), 1);
    assert.equal(await black.locator("svg.board circle.stone-shadow").count(), 2);

    // Coordinates off: no labels, and the stones take the space they leave.
    assert.equal(await black.locator("svg.board .coords text").count(), 36);
    const with_coordinates = await stone_width(black, "D4");
    await black.tap("#coordinates-toggle");
    await black.waitForFunction(() => !document.querySelector("svg.board .coords text"), null, { timeout });
    assert.ok(await stone_width(black, "D4") > with_coordinates * 1.05, "bigger stones without coordinates");
    await save_screenshot(black, "board-look-touch-no-coordinates");

    // Dark theme from the settings panel.
    const light = await theme(black);
    assert.equal(light.name, "light");
    await black.tap("#settings-button");
    assert.equal(await black.isChecked("#show-coordinates"), false, "the panel follows the toggle");
    await black.tap("#dark-theme");
    await black.waitForFunction(() => document.documentElement.dataset.theme === "dark", null, { timeout });
    const dark = await theme(black);
    assert.notEqual(dark.background, light.background);
    await black.tap("#settings-close");
    await save_screenshot(black, "board-look-dark");

    // Both kept across a reload, in this browser only.
    await black.reload();
    await wait_for_game_page(black);
    await black.waitForSelector('svg.board circle.stone[data-vertex="E5"]', { timeout });
    assert.deepEqual(await theme(black), dark);
    assert.equal(await black.locator("svg.board .coords text").count(), 0);
    assert.equal(await black.isChecked("#coordinates-toggle"), false);
    await black.tap("#settings-button");
    assert.equal(await black.isChecked("#dark-theme"), true);
    assert.equal(await black.isChecked("#show-coordinates"), false);
    await black.tap("#settings-close");
    assert.equal((await theme(white)).name, "light");
    assert.equal(await white.locator("svg.board .coords text").count(), 36);

    // The dark theme is there before the page's modules run (no white
    // flash): main.js held back, the page is already dark.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await black.route("**/js/main.js", async (route) => { await held; await route.continue(); });
    const reloaded = black.reload();
    await black.waitForFunction(() => document.readyState !== "loading" || document.body !== null, null, { timeout });
    assert.equal(await black.evaluate(() => window.yunzi === undefined), true, "the modules wait");
    assert.equal(await black.evaluate(() => document.documentElement.dataset.theme), "dark");
    release();
    await reloaded;
    await black.unroute("**/js/main.js");
    await wait_for_game_page(black);

    // After the reload a tap still only shows the stone.
    await black.tap(hit("C3"));
    await black.waitForSelector('svg.board circle.preview.pending[data-vertex="C3"]', { timeout });
    await black.tap(hit("C3"));
    await wait_for_moves(white, 3);
    assert.deepEqual(black.problems, []);
    assert.deepEqual(white.problems, []);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});

test("the board's and the stones' look from the settings panel, kept across a reload", async () => {
  const { black, white } = await start_game(browser, server.url, ["look_black", "look_white"]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(black, 1);
    const looks = (page) => page.evaluate(() => ({
      wood: getComputedStyle(document.querySelector("svg.board .wood")).fill,
      stone: getComputedStyle(document.querySelector('svg.board circle.stone[data-vertex="E5"]')).fill,
      shadow: getComputedStyle(document.querySelector("svg.board circle.stone-shadow")).display,
    }));
    const wood = await looks(black);
    assert.match(wood.wood, /url\(.*#yunzi-wood/);
    assert.match(wood.stone, /url\(.*#yunzi-stone-black/);

    await black.click("#settings-button");
    await black.selectOption("#board-theme", "green");
    await black.selectOption("#stone-theme", "flat");
    await black.click("#settings-close");
    const green_flat = { wood: "rgb(157, 191, 142)", stone: "rgb(21, 21, 21)", shadow: "none" };
    await black.waitForFunction((want) => getComputedStyle(document.querySelector("svg.board .wood")).fill === want,
      green_flat.wood, { timeout });
    assert.deepEqual(await looks(black), green_flat);
    await save_screenshot(black, "board-look-green-flat");

    await black.reload();
    await wait_for_game_page(black);
    await black.waitForSelector('svg.board circle.stone[data-vertex="E5"]', { timeout });
    assert.deepEqual(await looks(black), green_flat);
    await black.click("#settings-button");
    assert.equal(await black.inputValue("#board-theme"), "green");
    assert.equal(await black.inputValue("#stone-theme"), "flat");
    // Another browser keeps its own choice: the wood and the shaded stones.
    assert.deepEqual(await looks(white), wood);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});
