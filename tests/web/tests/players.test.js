// The players page: a search by part of a name, following a player from the
// results, the followed list with who is online (a player who logs out is
// shown offline), unfollowing, and the page for a visitor.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const listed = (page, list) => page.$$eval(`${list} li[data-name]`, (items) => items.map((li) => li.dataset.name));

async function wait_listed(page, list, names) {
  await page.waitForFunction(([sel, want]) =>
    JSON.stringify([...document.querySelectorAll(`${sel} li[data-name]`)].map((li) => li.dataset.name)) === JSON.stringify(want),
  [list, names], { timeout }).catch(() => {});
  assert.deepEqual(await listed(page, list), names);
}

test("a player is found by part of the name, followed, seen going offline and unfollowed", async () => {
  const fan = await open_client(browser, server.url);
  const star = await open_client(browser, server.url);
  const other = await open_client(browser, server.url);
  try {
    await register(fan, "pl_fan");
    await register(star, "pl_Star");
    await register(other, "pl_starling");
    await fan.click("#nav-players");
    await fan.waitForSelector("#player-search", { timeout });
    await fan.waitForSelector("#followed-players li.empty", { timeout });

    await fan.fill("#player-search .player-query", "STAR");
    await fan.click("#player-search button[type=submit]");
    await wait_listed(fan, ".search-results", ["pl_Star", "pl_starling"]);
    await fan.click('.search-results li[data-name="pl_Star"] button.follow');
    await wait_listed(fan, ".followed", ["pl_Star"]);
    assert.equal(await fan.getAttribute('.followed li[data-name="pl_Star"] .presence', "class"), "presence online");
    // The result now offers Unfollow.
    await fan.waitForSelector('.search-results li[data-name="pl_Star"] button.unfollow', { timeout });
    await save_screenshot(fan, "players_following");

    // Kept across a reload; the player who logs out is shown offline.
    await star.click("#logout-button");
    await fan.reload();
    await wait_listed(fan, ".followed", ["pl_Star"]);
    await fan.waitForSelector('.followed li[data-name="pl_Star"] .presence.offline', { timeout });

    await fan.click('.followed li[data-name="pl_Star"] button.unfollow');
    await fan.waitForSelector("#followed-players li.empty", { timeout });
    assert.deepEqual(await listed(fan, ".followed"), []);
  } finally {
    for (const page of [fan, star, other]) await page.close();
  }
});

test("a visitor can search but is asked to log in to follow", async () => {
  const page = await open_client(browser, `${server.url}#/players`, { locale: "zh-CN", viewport: { width: 375, height: 812 } });
  try {
    await page.waitForSelector("#followed-players li.empty", { timeout });
    assert.equal(await page.textContent("#followed-players li.empty"), "登录后可以关注棋手。");
    await page.fill("#player-search .player-query", "pl_");
    await page.click("#player-search button[type=submit]");
    await page.waitForSelector(".search-results li[data-name]", { timeout });
    assert.equal(await page.locator(".search-results button.follow").count(), 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
  } finally {
    await page.close();
  }
});
