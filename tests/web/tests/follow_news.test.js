// A followed player's news as it happens: the fan sits on the players page
// (followed list open) and on a phone; the star logs out and in again, and
// the fan gets a pop-up "pl2_star (5k) is online" and sees the star online
// in the list at once, not after the 30 s refresh. The star starts a game:
// the fan's pop-up says so, and a tap on it opens the game to watch.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, login, ask, challenge, accept_challenge, wait_for_game_page } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser({ server_options: { args: ["--follow-online-quiet-s", "0"] } });

test("a followed player coming online and starting a game is told at once", async () => {
  const fan = await open_client(browser, server.url, { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true } });
  const star = await open_client(browser, server.url);
  const rival = await open_client(browser, server.url);
  await register(fan, "pl2_fan");
  await register(star, "pl2_star");
  await register(rival, "pl2_rival");
  await ask(fan, "follow", { user: "pl2_star" });
  await fan.click("#nav-players");
  await fan.waitForSelector('.followed li[data-name="pl2_star"] .presence.online', { timeout });

  await star.click("#logout-button");
  await fan.reload();
  await fan.waitForSelector('.followed li[data-name="pl2_star"] .presence.offline', { timeout });
  await login(star, "pl2_star", "secret-pl2_star-pw");
  await fan.waitForSelector('.notice:has-text("pl2_star (5k) is online")', { timeout });
  await fan.waitForSelector('.followed li[data-name="pl2_star"] .presence.online', { timeout });
  await save_screenshot(fan, "follow-news-online");

  await challenge(star, "pl2_rival");
  await accept_challenge(rival);
  const game = await wait_for_game_page(star);
  const news = fan.locator('.notice.link:has-text("pl2_star started a game against pl2_rival")');
  await news.waitFor({ timeout });
  await news.tap();
  assert.equal(await wait_for_game_page(fan), game);
  await fan.waitForSelector(".notice.link", { state: "detached", timeout });
});
