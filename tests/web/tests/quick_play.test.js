// Quick play from the lobby: a player asks for a 9x9 game and waits, a
// second asks for the same and both land on the new game's page; a player
// who cancels is no longer paired; the panel speaks Chinese in the Chinese
// page and fits a phone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_game_page } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

async function ask(page, size) {
  await page.selectOption("#quick-play .quick-size", String(size));
  await page.click("#quick-play .quick-play");
}

test("two players asking for the same board are paired and both open the game", async () => {
  const ann = await open_client(browser, server.url);
  const bob = await open_client(browser, server.url);
  const cat = await open_client(browser, server.url);
  try {
    await register(ann, "qp_ann");
    await register(bob, "qp_bob");
    await register(cat, "qp_cat");

    await ask(ann, 9);
    await ann.waitForSelector("#quick-play .quick-cancel:not([hidden])", { timeout });
    assert.match(await ann.textContent("#quick-play .quick-status"), /Waiting for an opponent… \(0 others/);
    assert.equal(await ann.isVisible("#quick-play .quick-play"), false);
    await save_screenshot(ann, "quick_play_waiting");

    // Another board waits apart.
    await ask(cat, 13);
    await cat.waitForSelector("#quick-play .quick-cancel:not([hidden])", { timeout });

    await ask(bob, 9);
    for (const page of [ann, bob]) {
      await page.waitForFunction(() => location.hash.startsWith("#/game/"), null, { timeout });
      await wait_for_game_page(page);
    }
    assert.equal(await ann.evaluate(() => location.hash), await bob.evaluate(() => location.hash));
    const size = await ann.$$eval("svg.board rect.hit[data-vertex]", (points) => points.length);
    assert.equal(size, 81);
    const names = await ann.textContent("body");
    assert.ok(names.includes("qp_ann") && names.includes("qp_bob"));
    assert.equal(await cat.evaluate(() => location.hash.startsWith("#/game/")), false);

    // Cancelling takes cat out: a new 13x13 request waits with nobody ahead.
    await cat.click("#quick-play .quick-cancel");
    await cat.waitForSelector("#quick-play .quick-play:not([hidden])", { timeout });
    const dan = await open_client(browser, server.url);
    try {
      await register(dan, "qp_dan");
      await ask(dan, 13);
      await dan.waitForSelector("#quick-play .quick-cancel:not([hidden])", { timeout });
      assert.match(await dan.textContent("#quick-play .quick-status"), /\(0 others/);
      assert.equal(await cat.evaluate(() => location.hash.startsWith("#/game/")), false);
    } finally {
      await dan.close();
    }
  } finally {
    for (const page of [ann, bob, cat]) await page.close();
  }
});

test("the quick play panel in Chinese on a phone", async () => {
  const page = await open_client(browser, server.url, { locale: "zh-CN", viewport: { width: 375, height: 812 } });
  try {
    await register(page, "qp_phone");
    await page.waitForSelector("#quick-play", { timeout });
    assert.equal(await page.textContent("#quick-play h2"), "快速对局");
    assert.equal(await page.textContent("#quick-play .quick-play"), "开始匹配");
    assert.equal(await page.isVisible("#quick-play .quick-cancel"), false);
    // Rated quick play is 19x19: ticking it fixes the board.
    await page.selectOption("#quick-play .quick-size", "9");
    await page.check("#quick-play .quick-rated");
    assert.equal(await page.inputValue("#quick-play .quick-size"), "19");
    assert.equal(await page.isDisabled("#quick-play .quick-size"), true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
    await save_screenshot(page, "quick_play_phone_zh");
  } finally {
    await page.close();
  }
});

test("quick play pairs only the same clock; the board and clock are remembered", async () => {
  const ann = await open_client(browser, server.url);
  const bob = await open_client(browser, server.url, { locale: "zh-CN" });
  const cat = await open_client(browser, server.url);
  try {
    await register(ann, "qc_ann");
    await register(bob, "qc_bob");
    await register(cat, "qc_cat");
    const labels = await ann.$$eval("#quick-play .quick-clock option", (options) => options.map((o) => o.textContent));
    assert.deepEqual(labels, ["1 min + 3×30s", "5 min + 3×30s", "10 min + 3×60s", "20 min + 3×30s"]);
    assert.equal(await bob.textContent('#quick-play .quick-clock option[value="10m"]'), "10 分 + 3×60 秒");

    await ann.selectOption("#quick-play .quick-clock", "1m");
    await ask(ann, 9);
    await ann.waitForSelector("#quick-play .quick-cancel:not([hidden])", { timeout });
    // Another clock waits apart: bob is not paired with ann.
    await bob.selectOption("#quick-play .quick-clock", "10m");
    await ask(bob, 9);
    await bob.waitForSelector("#quick-play .quick-cancel:not([hidden])", { timeout });
    assert.match(await bob.textContent("#quick-play .quick-status"), /另有 0 人/);
    assert.equal(await ann.isDisabled("#quick-play .quick-clock"), true);

    await cat.selectOption("#quick-play .quick-clock", "1m");
    await ask(cat, 9);
    for (const page of [ann, cat]) await wait_for_game_page(page);
    assert.equal(await ann.evaluate(() => location.hash), await cat.evaluate(() => location.hash));
    // The game runs on the chosen clock: one minute, then 3 x 30 s.
    await ann.waitForSelector(".player.black .clock-extra", { timeout });
    const extra = await ann.textContent(".player.black .clock-extra");
    assert.match(extra, /3.*30/);
    const main = await ann.textContent(".player.white .clock-main");
    assert.match(main, /^(1:00|0:5\d)$/);
    assert.equal(await bob.evaluate(() => location.hash.startsWith("#/game/")), false);
    await bob.click("#quick-play .quick-cancel");

    // Bob's choice is kept in this browser.
    await bob.selectOption("#quick-play .quick-size", "13");
    await bob.reload();
    await bob.waitForSelector("#quick-play", { timeout });
    assert.equal(await bob.inputValue("#quick-play .quick-clock"), "10m");
    assert.equal(await bob.inputValue("#quick-play .quick-size"), "13");
    await save_screenshot(bob, "quick_play_clocks_zh");
  } finally {
    for (const page of [ann, bob, cat]) await page.close();
  }
});
