// The client's language choice, the phone layout, the seek flow, the clock
// display and playing with the keyboard, against the real server.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, open_new_game_form, wait_for_game_page, wait_for_moves, wait_for_stones } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

use_server_and_browser();

test("Chinese by default for a Chinese browser, English after the switch, kept over a reload", async () => {
  const page = await open_client(browser, server.url, { locale: "zh-CN" });
  try {
    await page.waitForSelector(".brand");
    assert.equal(await page.textContent(".brand"), "云子围棋");
    assert.equal(await page.textContent("#register-button"), "注册");
    await page.click("#language-button");
    assert.equal(await page.textContent(".brand"), "yunzi Go");
    assert.equal(await page.textContent("#register-button"), "Register");
    await page.reload();
    await page.waitForSelector(".brand");
    assert.equal(await page.textContent(".brand"), "yunzi Go");
  } finally {
    await page.context().close();
  }
});

test("English for an English browser", async () => {
  const page = await open_client(browser, server.url, { locale: "en-GB" });
  try {
    await page.waitForSelector(".brand");
    assert.equal(await page.textContent(".brand"), "yunzi Go");
  } finally {
    await page.context().close();
  }
});

test("on a phone: a seek accepted from the lobby, byo-yomi clocks counting, a stone played with the keyboard", async () => {
  const phone = { width: 390, height: 844 };
  const dora = await open_client(browser, server.url, { viewport: phone });
  const erin = await open_client(browser, server.url);
  try {
    await register(dora, "dora");
    await register(erin, "erin");
    await open_new_game_form(dora);
    await dora.selectOption("#game-size", "9");
    await dora.uncheck("#game-rated");
    await dora.selectOption("#game-color", "black");
    await dora.selectOption("#game-clock", "byoyomi");
    await dora.fill("#clock-main_min", "1");
    await dora.fill("#clock-periods", "3");
    await dora.fill("#clock-period_s", "30");
    await dora.click("#seek-button");

    await erin.click('#seek-list li:has-text("dora") .accept-seek', { timeout: 15000 });
    await wait_for_game_page(erin);
    await wait_for_game_page(dora);

    const board = await dora.locator("svg.board").boundingBox();
    assert.ok(board.width >= phone.width * 0.9, `the board fills the phone's width (${board.width}px)`);
    const extra = await dora.textContent(".player.black .clock-extra");
    assert.equal(extra, "then 3 × 30s");
    const first = await dora.textContent(".player.black .clock-main");
    await dora.waitForTimeout(2200);
    const later = await dora.textContent(".player.black .clock-main");
    assert.notEqual(first, later, `Black's clock runs (${first} then ${later})`);
    assert.equal(await dora.textContent(".player.white .clock-main"), "1:00", "White's clock waits");

    await dora.focus("svg.board");
    await dora.keyboard.press("ArrowRight");
    await dora.keyboard.press("Enter");
    await wait_for_moves(erin, 1);
    assert.deepEqual(await wait_for_stones(erin, { E5: "black" }), { E5: "black" });
    await save_screenshot(dora, "phone-board");

    await erin.click("#resign-button");
    await dora.waitForSelector('#game-result:has-text("B+R")', { timeout: 15000 });
    assert.deepEqual([...dora.problems, ...erin.problems], []);
  } finally {
    await dora.context().close();
    await erin.context().close();
  }
});
