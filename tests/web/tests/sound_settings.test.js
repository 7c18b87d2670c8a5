// The settings panel's sound choices: volume and mute apply to every sound
// the page makes and are kept across a reload (per browser, not per
// account); the countdown of one's own last seconds beeps in byo-yomi only
// in the last period, and stops when turned off.

import { test } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { click_vertex, wait_for_game_page, wait_for_moves, start_game, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const tones = (page) => page.evaluate(() => window.yunzi.tones_played.map((tone) => ({ ...tone })));
const sounds = (page) => page.evaluate(() => [...window.yunzi.sounds_played]);
const counts = async (page) => (await sounds(page)).filter((name) => name.startsWith("count")).length;

async function open_settings(page) {
  await page.click("#settings-button");
  await page.waitForSelector("#settings-panel", { timeout });
}

// The gain of the newest tone once there are more than `before` tones.
async function newest_gain(page, before) {
  await page.waitForFunction((n) => window.yunzi.tones_played.length > n, before, { timeout });
  return (await tones(page)).at(-1).gain;
}

test("volume and mute apply to every sound and are kept across a reload", async () => {
  const { black, white } = await start_game(browser, server.url, ["vo1", "vo2"]);
  try {
    await open_settings(black);
    assert.equal(await black.inputValue("#sound-volume"), "60");
    assert.equal(await black.isChecked("#sound-muted"), false);
    assert.equal(await black.isChecked("#sound-countdown"), true);
    await save_screenshot(black, "settings-panel");

    // Full volume gives a gain of 0.25; 20 gives a fifth of that, the default 60 0.15.
    await black.fill("#sound-volume", "20");
    assert.equal(await black.textContent("#sound-volume-value"), "20");
    let before_count = (await tones(black)).length;
    await black.click("#sound-test");
    assert.ok(Math.abs(await newest_gain(black, before_count) - 0.05) < 1e-9, "the test tone at volume 20");
    await black.click("#settings-close");
    assert.equal(await black.locator("#settings-panel").count(), 0);

    // A stone played by the opponent sounds at the chosen volume; the other browser keeps its own.
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    before_count = (await tones(black)).length;
    const white_before = (await tones(white)).length;
    await click_vertex(white, "C3");
    await wait_for_moves(black, 2);
    assert.ok(Math.abs(await newest_gain(black, before_count) - 0.05) < 1e-9, "a stone at volume 20");
    assert.ok(Math.abs(await newest_gain(white, white_before) - 0.15) < 1e-9, "the other browser at its default");

    // Muted: sounds are still asked for (the page knows a stone came) but none is heard.
    await open_settings(black);
    await black.check("#sound-muted");
    before_count = (await tones(black)).length;
    const stones_before = (await sounds(black)).filter((name) => name === "stone").length;
    await click_vertex(black, "G7");
    await wait_for_moves(white, 3);
    await click_vertex(white, "C7");
    await wait_for_moves(black, 4);
    await black.click("#sound-test");
    await black.click("#pass-button");
    await wait_for_moves(black, 5);
    assert.ok((await sounds(black)).filter((name) => name === "stone").length > stones_before);
    assert.ok((await sounds(black)).includes("pass"));
    assert.equal((await tones(black)).length, before_count, "nothing sounds while muted");

    // The choices outlast a reload.
    await black.reload();
    await wait_for_game_page(black);
    await open_settings(black);
    assert.equal(await black.inputValue("#sound-volume"), "20");
    assert.equal(await black.isChecked("#sound-muted"), true);
    await black.uncheck("#sound-muted");
    before_count = (await tones(black)).length;
    await black.click("#sound-test");
    assert.ok(Math.abs(await newest_gain(black, before_count) - 0.05) < 1e-9, "heard again after unmuting");
    assert.deepEqual(black.problems, []);
  } finally {
    await close_all(black, white);
  }
});

test("byo-yomi: the own clock counts its last seconds in the last period only, and not once turned off",
  async () => {
    const clock = { system: "byoyomi", main_min: 0, periods: 2, period_s: 6 };
    const { black, white } = await start_game(browser, server.url, ["cd1", "cd2"], { clock });
    try {
      const extra = ".player.black .clock-extra";
      // The last second of the first period: that period's end costs a period, not the game.
      await black.waitForFunction((selector) => {
        const main = document.querySelector(".player.black .clock-main");
        return document.querySelector(selector).textContent === "byo-yomi 2 left" && main.textContent === "0:01";
      }, extra, { timeout, polling: 50 });
      assert.equal(await counts(black), 0, "no count in the first period");

      await black.waitForFunction(() => window.yunzi.sounds_played.filter((n) => n.startsWith("count")).length >= 2,
        null, { timeout });
      assert.equal(await black.textContent(extra), "last period");
      const heard = (await tones(black)).filter((tone) => tone.frequency === 880).length;
      assert.ok(heard >= 2, "the count is heard");

      await open_settings(black);
      await black.uncheck("#sound-countdown");
      const counted = await counts(black);
      await black.waitForSelector('#game-result:has-text("W+T")', { timeout });
      assert.ok(await counts(black) <= counted + 1, "no count once turned off (one may have been on its way)");
      const last_three = (await sounds(black)).filter((n) => n === "count_last").length;
      assert.equal(last_three, 0, "the last three seconds were not counted");
      // The opponent's page never counts Black's clock.
      assert.equal(await counts(white), 0);
    } finally {
      await close_all(black, white);
    }
  });
