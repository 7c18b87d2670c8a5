// The 19x19 game page at the common screen sizes, from a wide desktop to a
// small phone: nothing is wider than the screen, the board's coordinates are
// all on it, both players' clocks and the move buttons are visible without
// scrolling, and an error pop-up covers neither clock. A screenshot of each
// size is kept in build/web-artifacts/.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot, artifacts_dir } from "../lib/browser.js";
import path from "node:path";
import { click_vertex, wait_for_moves, start_game } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const sizes = [
  [1920, 1080], [1366, 768], [1280, 720], [768, 1024], [375, 812], [360, 640],
];

let game;

// The game's pages close with the browser.
use_server_and_browser({
  async ready() {
    game = await start_game(browser, server.url, ["wide", "narrow"], { size: 19 });
    await click_vertex(game.black, "Q16");
    await wait_for_moves(game.white, 1);
    // The other player's chat with a long word, which used to widen a phone's page.
    await game.white.fill(".chat-input", "围棋".repeat(40));
    await game.white.press(".chat-input", "Enter");
  },
});

async function box(page, selector) {
  const found = await page.locator(selector).first().boundingBox();
  assert.ok(found, `${selector} is shown`);
  return found;
}

function inside(b, width, height) {
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5;
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// An error pop-up (a move on an occupied point) covers neither player, also
// with the page scrolled so the bottom player is at the screen's foot.
async function check_notice(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.locator(".player.black").evaluate((panel) => {
    window.scrollBy(0, Math.max(0, panel.getBoundingClientRect().bottom - window.innerHeight));
  });
  await page.evaluate((id) => window.yunzi.request({ type: "game.move", game: id, vertex: "Q16" }).catch(() => {}), game.game);
  await page.locator(".notice.error").first().waitFor({ state: "visible" });
  const notice = await box(page, ".notice.error");
  for (const selector of [".player.white", ".player.black"]) {
    const panel = await box(page, selector);
    assert.ok(!overlap(notice, panel),
      `the pop-up ${JSON.stringify(notice)} covers ${selector} ${JSON.stringify(panel)} at ${width}x${height}`);
  }
  await page.screenshot({ path: path.join(artifacts_dir, `layout-${width}x${height}-notice.png`) });
  // A tap closes it, and the next size starts without it.
  await page.locator(".notice.error").click();
  await page.waitForSelector(".notice.error", { state: "detached", timeout: 2000 });
}

// A phone turned sideways: too low for the whole page, but a pop-up still
// must not cover the clock scrolled to the screen's foot.
test("an error pop-up on a phone turned sideways covers neither player", async () => {
  await check_notice(game.white, 740, 360);
});

for (const [width, height] of sizes) {
  test(`the game page at ${width}x${height}`, async () => {
    const page = game.white; // to move: the pass button is enabled
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('.chat-line:has-text("围棋围棋")', { timeout: 15000 });
    const page_width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(page_width <= width, `the page is ${page_width} px wide on a ${width} px screen`);

    const board = await box(page, "svg.board");
    assert.ok(board.x >= 0 && board.x + board.width <= width + 0.5, `the board (${JSON.stringify(board)}) fits the width`);
    const right_label = await box(page, "svg.board .coords text:last-child");
    assert.ok(right_label.x + right_label.width <= width, "the right-hand coordinates are on the screen");

    for (const selector of [".player.white .clock", ".player.black .clock", "#pass-button", "#resign-button", "#nav-back", "#nav-forward"]) {
      const b = await box(page, selector);
      assert.ok(inside(b, width, height), `${selector} at ${JSON.stringify(b)} is inside ${width}x${height}`);
    }
    await save_screenshot(page, `layout-${width}x${height}`);

    await check_notice(page, width, height);
  });
}
