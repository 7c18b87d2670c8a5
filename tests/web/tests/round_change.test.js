// The change of rounds in a tournament with a gap between them (4 s here),
// on phones (390x844): when the last game of round 1 ends, its players keep
// the finished game and its result on screen, uncovered; the next round's
// pairing comes as one toast (round 1's, never dismissed, gives way to it)
// counting down to the round's start, and the new game opens by itself only
// when the round starts. The tournament page, followed by the admin, shows
// the round waiting with its countdown, in play, and the end.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, login, ask } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const gap_s = 4;
const admin = { name: "rcadmin", password: "rc-admin-password-1" };
const phone = { viewport: { width: 390, height: 844 }, device: { hasTouch: true, isMobile: true } };
use_server_and_browser({ server_options: { admins: [admin] } });

// The round's pairings once its games exist.
async function started_round(page, id, round) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const info = (await ask(page, "tournament.info", { tournament: id })).tournament;
    if (info.round >= round) {
      const { pairings } = await ask(page, "tournament.pairings", { tournament: id, round });
      if (pairings.every((p) => p.game !== null)) return pairings;
    }
    if (Date.now() > deadline) assert.fail(`round ${round} did not start`);
    await page.waitForTimeout(100);
  }
}

async function wait_for_result(page, id, round, pairing) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { pairings } = await ask(page, "tournament.pairings", { tournament: id, round });
    if (pairings.find((p) => p.id === pairing).result !== "pending") return;
    if (Date.now() > deadline) assert.fail(`pairing ${pairing} of round ${round} has no result`);
    await page.waitForTimeout(100);
  }
}

// The round's one toast, counting down: its start, as the server named it.
async function countdown_toast(page, round) {
  const toast = page.locator(`.pairing-toast[data-round="${round}"]`);
  await toast.waitFor({ timeout });
  assert.equal(await page.locator(".pairing-toast").count(), 1, "one pairing toast");
  const countdown = toast.locator(".pairing-countdown");
  assert.match(await countdown.textContent(), /^The round (starts in 0:0\d\.|is starting…)$/);
  return Number(await toast.getAttribute("data-starts"));
}

// Nothing lies over the element's middle: it can be read.
function uncovered(page, selector) {
  return page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "nearest" });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
}

test("between rounds the result stays, one toast counts down, and the next game opens as the round starts", async () => {
  const td = await open_client(browser, server.url, phone);
  await login(td, admin.name, admin.password);
  const { tournament: id } = await ask(td, "admin.tournament.create", {
    name: "Gap night",
    system: "swiss",
    settings: {
      size: 9, rated: false, handicap: 0, komi: 6.5,
      time: { system: "byoyomi", main_s: 600, periods: 3, period_s: 30 },
    },
    rounds: 2,
    registration_minutes: 600,
    round_gap_s: gap_s,
    no_show_s: 120,
  });
  const names = ["rc1", "rc2", "rc3", "rc4"];
  const players = {};
  for (const name of names) {
    players[name] = await open_client(browser, server.url, phone);
    await register(players[name], name);
    await ask(players[name], "tournament.register", { tournament: id });
  }
  for (const page of [td, players.rc1]) {
    await page.evaluate((h) => { location.hash = h; }, `#/tournament/${id}`);
    await page.waitForSelector(`.tournament-page[data-tournament="${id}"][data-loaded]`, { timeout });
  }
  assert.match(await td.textContent('[data-setting="round_start"]'), /^4 s after every game/);

  // Round 1 waits the gap too: a player's tournament page shows it waiting (told by the pairing), their toast
  // counts down, then the game opens by itself.
  await ask(td, "admin.tournament.start", { tournament: id });
  await players.rc1.waitForSelector('#round-state[data-state="waiting"][data-round="1"]', { timeout });
  assert.match(await players.rc1.textContent("#round-state"), /^Round 1 (starts in 0:0\d|is starting…)$/);
  const starts1 = await countdown_toast(players.rc1, 1);
  const round1 = await started_round(td, id, 1);
  assert.equal(round1.length, 2);
  for (const p of round1) {
    for (const name of [p.black, p.white]) {
      await players[name].waitForURL(new RegExp(`#/game/${p.game}$`), { timeout });
      assert.ok(Date.now() >= starts1, "no game before its round starts");
    }
  }
  await td.waitForSelector('#round-state[data-state="playing"][data-round="1"]', { timeout });
  assert.equal(await td.textContent("#round-state"), "Round 1 in play");

  // The first game ends; the round goes on.
  const [first, last] = round1;
  await players[first.white].click("#resign-button");
  await wait_for_result(td, id, 1, first.id);
  await players[first.black].waitForSelector('#game-result:has-text("B+R")', { timeout });

  // The last game ends: its players keep it on screen through the gap.
  const resigned_at = Date.now();
  await players[last.white].click("#resign-button");
  const movers = [players[last.black], players[last.white]];
  const starts = [];
  for (const page of movers) {
    await page.waitForSelector('#game-result:has-text("B+R")', { timeout });
    starts.push(await countdown_toast(page, 2));
    assert.ok(page.url().endsWith(`#/game/${last.game}`), "still on the finished game");
    assert.ok(await uncovered(page, "#game-result"), "the toast leaves the result readable");
  }
  assert.ok(starts[0] === starts[1] && starts[0] >= resigned_at + gap_s * 1000, "the round starts after the gap");
  await save_screenshot(movers[1], "round-change-countdown");
  await td.waitForSelector('#round-state[data-state="waiting"][data-round="2"]', { timeout });
  assert.match(await td.textContent("#round-state"), /^Round 2 (starts in 0:0\d|is starting…)$/);
  // The toast counts the seconds down while the page stays.
  const page = movers[0];
  const before = await page.textContent(".pairing-countdown");
  await page.waitForFunction((text) => document.querySelector(".pairing-countdown")?.textContent !== text, before, { timeout: 3000 });
  assert.ok(page.url().endsWith(`#/game/${last.game}`));

  // The round starts: the new games open by themselves, the toast now names the game.
  const round2 = await started_round(td, id, 2);
  for (const p of round2) {
    for (const name of [p.black, p.white]) {
      const player = players[name];
      await player.waitForURL(new RegExp(`#/game/${p.game}$`), { timeout });
      assert.ok(Date.now() >= starts[0], "the new game opens when its round starts");
      await player.waitForSelector(`.pairing-toast[data-round="2"][data-game="${p.game}"]`, { timeout });
      assert.equal(await player.locator(".pairing-toast").count(), 1, `${name}: one pairing toast`);
      assert.equal(await player.locator(".pairing-countdown").count(), 0);
    }
  }
  await td.waitForSelector('#round-state[data-state="playing"][data-round="2"]', { timeout });
  assert.equal(await td.textContent("#round-state"), "Round 2 in play");

  for (const p of round2) await players[p.white].click("#resign-button");
  await td.waitForSelector('#round-state[data-state="finished"]', { timeout });
  assert.equal(await td.textContent("#round-state"), "The tournament is over");

  for (const each of [td, ...Object.values(players)]) {
    assert.deepEqual(each.problems, [], "no page errors or refused resources");
    await each.context().close();
  }
});
