// The machine opponents in the lobby, at phone and desktop sizes: the real
// yunzi-bot (GNU Go, a share of loose moves) listed with its strength and
// what it plays, an account that runs no bot listed offline, weakest first;
// "Play" fills the new-game form with a rated 19x19 game the bot accepts,
// and the challenge starts a game the bot answers.

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_game_page, click_vertex, wait_for_moves, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";
import { start_bot } from "../lib/server.js";

const timeout = 30000;
const easy = { name: "easy_bot", password: "plays-loose-moves", rank: "10k" };
const silent = { name: "silent_bot", password: "never-comes", rank: "3k" };
let bot = null;
use_server_and_browser({
  server_options: { bots: [easy, silent], args: ["--bots-may-play-rated"] },
  ready: async () => {
    bot = start_bot(server.url, easy, ["--level", "1", "--weaken", "30", "--engine-clock", "false", "--sizes", "9,19",
      "--accept-rated", "--max-games", "2", "--min-seconds-per-move", "20"]);
  },
});
after(async () => { if (bot) await bot.stop(); });

const phone = { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true }, locale: "zh-CN" };
const desktop = { viewport: { width: 1366, height: 768 } };

for (const [name, device] of [["phone", phone], ["desktop", desktop]]) {
  test(`the machine opponents on the ${name}: listed by strength, one tap to a game within their clocks`, async () => {
    const page = await open_client(browser, server.url, device);
    try {
      await register(page, `bots_${name}`, undefined, "10k");
      // The bot's offer comes after its login: the list is read again when the lobby opens.
      let shown = false;
      for (let i = 0; i < 20 && !shown; ++i) {
        await page.goto(`${server.url}#/`);
        shown = await page.waitForSelector('#bot-list li[data-bot="easy_bot"] .play-bot', { timeout: 3000 })
          .then(() => true, () => false);
      }
      assert.ok(shown, `the bot is listed with a Play button; bot log:\n${bot.log.join("")}`);
      // The list is read quietly, after the connection opens: no refusal was shown for it.
      assert.equal(await page.locator(".notice.error").count(), 0);
      const rows = page.locator("#bot-list li.bot");
      assert.deepEqual(await rows.evaluateAll((items) => items.map((li) => li.dataset.bot)), ["easy_bot", "silent_bot"]);
      const easy_row = await rows.nth(0).textContent();
      assert.match(easy_row, /level 1, 30% loose moves/);
      assert.match(easy_row, name === "phone" ? /9×9, 19×19 · 计级或友谊 · 每手至少 20 秒/ : /9×9, 19×19 · rated or friendly · at least 20 s a move/);
      assert.match(await rows.nth(1).textContent(), name === "phone" ? /离线/ : /offline/);
      assert.equal(await rows.nth(1).locator(".play-bot").count(), 0);
      const box = await page.locator("#bot-list").boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= device.viewport.width + 1, "the list fits the screen");
      await save_screenshot(page, `bots-${name}`);

      await page.click('#bot-list li[data-bot="easy_bot"] .play-bot');
      await page.waitForSelector("#game-size", { state: "visible", timeout });
      assert.equal(await page.inputValue("#opponent"), "easy_bot");
      assert.equal(await page.inputValue("#game-size"), "19");
      assert.equal(await page.isChecked("#game-rated"), true);
      assert.equal(await page.inputValue("#game-clock"), "byoyomi");
      assert.equal(await page.inputValue("#clock-period_s"), "30");
      await page.click("#challenge-button");
      await wait_for_game_page(page);
      await page.waitForSelector(".game-page", { timeout });
      assert.match(await page.textContent(".game-page"), /easy_bot/);
      // Whoever has Black, the bot answers a move within its clock.
      await page.waitForSelector(".player.black .player-name:not(:empty)", { timeout });
      const bot_has_black = (await page.textContent(".player.black .player-name")).includes("easy_bot");
      if (bot_has_black) await wait_for_moves(page, 1);
      await click_vertex(page, "K10");
      await wait_for_moves(page, bot_has_black ? 3 : 2);
      await page.click("#resign-button");
      await page.waitForSelector('.game-page[data-phase="ended"]', { timeout });
    } finally {
      await close_all(page);
    }
  });
}
