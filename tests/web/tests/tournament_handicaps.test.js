// A McMahon with handicaps in the browser: its page states the handicap
// rule, the pairing shows the stones beside the black player, and the game
// opens with those stones on the board. A 1d (McMahon score 9 with the bar
// at 1d and the floor at 9k) meets a 5k (4): five points less one, four
// stones.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, login, ask, read_stones } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const admin = { name: "hd", password: "hd-password-1" };
use_server_and_browser({ server_options: { admins: [admin] } });

test("a McMahon's handicap rule, a pairing's stones and the game's stones", async () => {
  const td = await open_client(browser, server.url);
  await login(td, admin.name, admin.password);
  const { tournament: id } = await ask(td, "admin.tournament.create", {
    name: "Handicap night",
    system: "mcmahon",
    mcmahon_bar: "1d",
    mcmahon_floor: "9k",
    handicap_max: 9,
    handicap_reduction: 1,
    settings: { size: 19, rated: false, komi: 7.5, time: { system: "none" } },
    rounds: 1,
    registration_minutes: 600,
    round_gap_s: 0,
    no_show_s: 120,
  });
  const strong = await open_client(browser, server.url);
  await register(strong, "hstrong", undefined, "1d");
  const weak = await open_client(browser, server.url, { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true } });
  await register(weak, "hweak", undefined, "5k");
  for (const page of [strong, weak]) await ask(page, "tournament.register", { tournament: id });

  await td.evaluate((hash) => { location.hash = hash; }, `#/tournament/${id}`);
  await td.waitForSelector(`.tournament-page[data-tournament="${id}"][data-loaded]`, { timeout });
  assert.equal(await td.textContent('[data-setting="handicaps"]'), "McMahon score difference less 1, at most 9 stones");

  await ask(td, "admin.tournament.start", { tournament: id });
  const row = td.locator(".pairings tbody tr[data-game]:not([data-game=''])");
  await row.waitFor({ timeout });
  assert.match(await row.textContent(), /hweak \(4 stones\)/);
  const game = Number(await row.getAttribute("data-game"));

  await weak.evaluate((hash) => { location.hash = hash; }, `#/game/${game}`);
  await weak.waitForSelector(".game-page[data-moves]", { timeout });
  await weak.waitForFunction(() => document.querySelectorAll("svg.board circle.stone").length === 4, null, { timeout });
  const stones = Object.values(await read_stones(weak));
  assert.deepEqual(stones, ["black", "black", "black", "black"]);
  await save_screenshot(td, "tournament-handicaps");
});
