// The lobby on a phone leads with what gets a game going: quick play and the
// open seeks are on the first screen without scrolling, and the long
// new-game form is folded away until tapped open; a desktop shows it open.
// Refusals speak plain words in both languages, their pop-ups leave the
// header's links free (a tap on one still opens its page) and go when
// another page opens.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_connection, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const phone = { viewport: { width: 390, height: 844 }, device: { hasTouch: true, isMobile: true } };
const desktop = { viewport: { width: 1366, height: 768 } };

function box(page, selector) {
  return page.locator(selector).first().evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
}

function overlap(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

test("a phone's lobby shows quick play and the open seeks first; the new-game form unfolds on a tap", async () => {
  const seeker = await open_client(browser, server.url, desktop);
  const player = await open_client(browser, server.url, phone);
  try {
    await register(seeker, "lobby_seeker");
    // A desktop has the form open.
    assert.equal(await seeker.$eval("#new-game", (details) => details.open), true);
    await seeker.selectOption("#game-size", "9");
    await seeker.uncheck("#game-rated");
    await seeker.click("#seek-button");

    await register(player, "lobby_phone");
    await player.waitForSelector('#seek-list li[data-seek]:has-text("lobby_seeker")', { timeout });
    await player.evaluate(() => window.scrollTo(0, 0));
    const height = phone.viewport.height;
    for (const selector of ["#quick-play .quick-play", '#seek-list li[data-seek] .accept-seek', "#game-list h2"]) {
      const shown = await box(player, selector);
      assert.ok(shown.top >= 0 && shown.bottom <= height, `${selector} on the first screen: ${JSON.stringify(shown)}`);
    }
    assert.equal(await player.$eval("#new-game", (details) => details.open), false);
    assert.equal(await player.isVisible("#game-size"), false, "the form is folded");
    await save_screenshot(player, "phone-lobby-390x844");

    await seeker.waitForSelector('#seek-list li[data-seek]:has-text("lobby_seeker")', { timeout });
    await save_screenshot(seeker, "desktop-lobby-1366x768");

    await player.tap("#new-game > summary");
    await player.waitForSelector("#game-size", { state: "visible", timeout });
    assert.equal(await player.isVisible("#seek-button"), true);
    assert.deepEqual(player.problems, []);
  } finally {
    await close_all(seeker, player);
  }
});

for (const [label, device, locale, words] of [
  ["phone", phone, "zh-CN", { password: "密码太短，至少需要 8 个字符。", name: "用户名太短，至少需要 2 个字。" }],
  ["desktop", desktop, "en-US", {
    password: "The password is too short: at least 8 characters.", name: "The name is too short: at least 2 characters.",
  }],
]) {
  test(`a refused registration in plain words, its pop-up clear of the header and gone on the next page (${label})`, async () => {
    const page = await open_client(browser, server.url, { ...device, locale });
    try {
      await wait_for_connection(page);
      await page.fill("#auth-name", `plain_${label}`);
      await page.fill("#auth-password", "short");
      await page.click("#register-button");
      const notice = page.locator(".notice.error");
      await notice.waitFor({ timeout });
      assert.equal(await notice.textContent(), words.password);

      const shown = await box(page, ".notice.error");
      const links = await page.$$eval(".site-header nav > *", (items) => items.map((item) => {
        const r = item.getBoundingClientRect();
        return { id: item.id || item.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }));
      for (const link of links) assert.ok(!overlap(shown, link), `the pop-up ${JSON.stringify(shown)} covers ${JSON.stringify(link)}`);
      await save_screenshot(page, `refusal-notice-${label}`);

      await page.click(".notice.error");
      await notice.waitFor({ state: "detached", timeout });
      await page.fill("#auth-name", "p");
      await page.fill("#auth-password", "long-enough-password");
      await page.click("#register-button");
      await notice.waitFor({ timeout });
      assert.equal(await notice.textContent(), words.name);

      // The header's link is free to tap; the form's refusal goes with the lobby.
      await page.click("#nav-tournaments");
      await page.waitForSelector("#tournament-list", { timeout });
      // Gone with the page change, well before its own time runs out.
      assert.equal(await notice.count(), 0);
      assert.deepEqual(page.problems, []);
    } finally {
      await close_all(page);
    }
  });
}
