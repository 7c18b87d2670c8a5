// A small Swiss tournament in the browser, on the real server: an admin made
// with yunzi-admin creates it, five players enter it on its page (a refused
// entry and a stale page's double entry explained), the admin starts it,
// every player hears of their pairing in a toast (one a bye) and opens the
// game from it, the games end by resignation and the standings and the
// cross-table follow live, to the final bonus points. Also the list, the
// phone layout, the page for a tournament that does not exist and what a
// visitor who has not logged in sees.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_game_page, login, ask } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const admin = { name: "td", password: "td-password-1" };
const player_names = ["tp1", "tp2", "tp3", "tp4", "tp5"];
use_server_and_browser({ server_options: { admins: [admin] } });

async function go(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
}

async function open_tournament(page, id) {
  await go(page, `#/tournament/${id}`);
  await page.waitForSelector(`.tournament-page[data-tournament="${id}"][data-loaded]`, { timeout });
}

// Waits until the page shows `round` as the tournament's latest round.
async function wait_round_shown(page, round) {
  await page.waitForSelector(`#tournament-round[data-round="${round}"]`, { timeout });
}

async function no_horizontal_overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

// Everything each player's page shows, checked against what the games gave:
// score (a win or a bye is a point), wins, the cross-table line from the
// pairings and the places shown, the tie-breaks as the server counts them.
async function check_standings(page, pairings_by_round, server_standings) {
  const rows = await page.$$eval(".standings tbody tr", (trs) => trs.map((tr) => ({
    name: tr.dataset.player,
    place: Number(tr.dataset.place),
    score: tr.querySelector(".score").textContent,
    wins: tr.querySelector(".wins").textContent,
    sos: tr.querySelector(".sos").textContent,
    sosos: tr.querySelector(".sosos").textContent,
    sodos: tr.querySelector(".sodos").textContent,
    bonus: tr.querySelector(".bonus").textContent,
    cross: [...tr.querySelectorAll("td.cross")].map((td) => td.textContent),
  })));
  assert.equal(rows.length, player_names.length);
  const place = Object.fromEntries(rows.map((r) => [r.name, r.place]));
  for (const row of rows) {
    let score = 0;
    let wins = 0;
    const cross = [];
    for (const pairings of pairings_by_round) {
      const p = pairings.find((q) => q.black === row.name || q.white === row.name);
      if (!p) {
        cross.push("–");
      } else if (p.white === null) {
        score += 1;
        cross.push("bye");
      } else {
        const black = p.black === row.name;
        const opponent = black ? p.white : p.black;
        const won = (p.result === "black_wins") === black;
        const mark = p.result === "pending" ? "?" : won ? "+" : "-";
        if (p.result !== "pending" && won) {
          score += 1;
          wins += 1;
        }
        cross.push(`${place[opponent]}${mark}/${black ? "b" : "w"}`);
      }
    }
    assert.equal(row.score, String(score), `${row.name}'s score`);
    assert.equal(row.wins, String(wins), `${row.name}'s wins`);
    assert.deepEqual(row.cross, cross, `${row.name}'s cross-table line`);
    const counted = server_standings.find((s) => s.name === row.name);
    assert.equal(Number(row.sos), counted.sos, `${row.name}'s SOS`);
    assert.equal(Number(row.sosos), counted.sosos, `${row.name}'s SOSOS`);
    assert.equal(Number(row.sodos), counted.sodos, `${row.name}'s SODOS`);
    assert.equal(row.place, counted.place, `${row.name}'s place`);
  }
  // Places in order of score.
  const by_place = [...rows].sort((a, b) => a.place - b.place);
  for (let i = 1; i < by_place.length; i++) assert.ok(Number(by_place[i - 1].score) >= Number(by_place[i].score));
  return rows;
}

async function wait_for_result(page, id, round, pairing, result) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = (await ask(page, "tournament.pairings", { tournament: id, round })).pairings.find((q) => q.id === pairing);
    if (shown.result === result) return;
    if (Date.now() > deadline) assert.fail(`pairing ${pairing} of round ${round}: ${shown.result}, not ${result}`);
    await page.waitForTimeout(200);
  }
}

// Each player of the round hears of their pairing in a toast; the game opens
// by itself when it starts, so the player goes to the tournament page and
// opens it again from the toast. White resigns. The bye's player is told so,
// first: the end of the round's last game brings the next round's pairing,
// which takes the place of this one's toast.
async function play_round(players, id, round, pairings) {
  const games = pairings.filter((p) => p.white !== null);
  for (const p of [...pairings.filter((q) => q.white === null), ...games]) {
    if (p.white === null) {
      const page = players[p.black];
      const toast = page.locator(`.pairing-toast[data-round="${round}"]`);
      await toast.waitFor({ timeout });
      assert.match(await toast.textContent(), new RegExp(`Round ${round} of Web Swiss: you have a bye this round`));
      assert.equal(await toast.locator(".open-pairing-game").count(), 0);
      await toast.locator(".dismiss-pairing").click();
      await toast.waitFor({ state: "detached", timeout });
      continue;
    }
    for (const [name, color, opponent] of [[p.black, "Black", p.white], [p.white, "White", p.black]]) {
      const page = players[name];
      const toast = page.locator(`.pairing-toast[data-round="${round}"]`);
      await toast.waitFor({ timeout });
      assert.match(await toast.textContent(), new RegExp(`Round ${round} of Web Swiss: you play ${color} against ${opponent}`));
      // The game opened by itself; from elsewhere the toast opens it.
      await page.waitForURL(new RegExp(`#/game/${p.game}$`), { timeout });
      await open_tournament(page, id);
      await toast.locator(".open-pairing-game").click();
      assert.equal(await wait_for_game_page(page), p.game);
      await toast.waitFor({ state: "detached", timeout });
    }
    await players[p.white].click("#resign-button");
    // Recorded as the tournament's result (the players' pages may move on at
    // once to the next round's games, which open by themselves).
    await wait_for_result(players[p.black], id, round, p.id, "black_wins");
    // Before the round's last game ends, no new round moves the pages on.
    if (p !== games.at(-1)) await players[p.black].waitForSelector('#game-result:has-text("B+R")', { timeout });
  }
}

test("a Swiss tournament from entry to final standings, live on its page", async () => {
  const td = await open_client(browser, server.url);
  await login(td, admin.name, admin.password);
  const created = await ask(td, "admin.tournament.create", {
    name: "Web Swiss",
    system: "swiss",
    groups: [{ name: "kyu", min_rank: "10k", max_rank: "1k" }],
    settings: {
      size: 9, rated: false, handicap: 0, komi: 6.5, ko: "situational",
      time: { system: "byoyomi", main_s: 600, periods: 3, period_s: 30 },
    },
    rounds: 2,
    registration_minutes: 600,
    round_gap_s: 0, // each round at once, as the page's own assertions expect (round-change.test.js has the gap)
    no_show_s: 120,
    bonus: [3, 2, 1],
  });
  const id = created.tournament;

  const players = {};
  for (const name of player_names) {
    players[name] = await open_client(browser, server.url);
    await register(players[name], name);
  }
  const tp1 = players.tp1;

  // The list, reached from the header.
  await tp1.click("#nav-tournaments");
  const row = tp1.locator(`.tournaments tr[data-tournament="${id}"]`);
  await row.waitFor({ timeout });
  assert.match(await row.textContent(), /Web Swiss/);
  assert.match(await row.textContent(), /Swiss/);
  assert.equal(await row.locator(".status").textContent(), "registration open");
  assert.equal(await row.locator(".round").textContent(), "2 rounds");
  assert.equal(await row.locator(".entrants").textContent(), "0");
  await row.locator(".tournament-link").click();
  await tp1.waitForSelector(`.tournament-page[data-tournament="${id}"][data-loaded]`, { timeout });

  // The settings as the games will be played.
  const setting = (key) => tp1.textContent(`[data-setting="${key}"]`);
  assert.equal(await setting("system"), "Swiss");
  assert.equal(await setting("rounds"), "2");
  assert.equal(await setting("size"), "9×9");
  assert.equal(await setting("komi"), "6.5");
  assert.equal(await setting("clock"), "10min + 3 × 30s");
  assert.equal(await setting("rated"), "no");
  assert.equal(await setting("groups"), "kyu (10k–1k)");
  assert.equal(await setting("round_start"), "as soon as every game of the round before has ended");
  assert.equal(await setting("bonus"), "place 1: 3 · place 2: 2 · place 3: 1");

  // A page of tp1's opened before tp1 enters elsewhere: its entry is refused
  // as a conflict, then it shows the entry; withdrawing and entering again work.
  const stale = await open_client(browser, server.url);
  await login(stale, "tp1", "secret-tp1-pw");
  await open_tournament(stale, id);
  await stale.waitForSelector("#register-tournament", { timeout });

  for (const name of player_names) {
    const page = players[name];
    if (name !== "tp1") await open_tournament(page, id);
    await page.click("#register-tournament");
    await page.waitForSelector("#withdraw-button", { timeout });
    assert.match(await page.textContent(".tournament-actions"), /You are entered in group kyu/);
  }
  await stale.click("#register-tournament");
  await stale.waitForSelector('.tournament-error:has-text("Something changed meanwhile")', { timeout });
  await stale.waitForSelector("#withdraw-button", { timeout });
  await stale.click("#withdraw-button");
  await stale.waitForSelector("#register-tournament", { timeout });
  await stale.waitForSelector('[data-entrant]', { timeout });
  assert.equal(await stale.locator('[data-entrant="tp1"]').count(), 0);
  await stale.click("#register-tournament");
  await stale.waitForSelector('[data-entrant="tp1"]', { timeout });
  await stale.context().close();

  // A 1d is in no group's band: the refusal is explained.
  const dan = await open_client(browser, server.url);
  await register(dan, "tdan", undefined, "1d");
  await open_tournament(dan, id);
  await dan.click("#register-tournament");
  await dan.waitForSelector('.tournament-error:has-text("No group of this tournament is for your rank.")', { timeout });
  await dan.waitForSelector("#register-tournament", { timeout });

  await open_tournament(td, id);
  await td.waitForFunction((n) => document.querySelectorAll("[data-entrant]").length === n, player_names.length, { timeout });
  assert.match(await td.textContent('[data-group="kyu"] h3'), /kyu \(5\)/);
  assert.equal(await td.locator("#register-tournament").count(), 1); // an admin may play too

  // Start: round 1 is paired at once; five players, so one has a bye.
  await ask(td, "admin.tournament.start", { tournament: id });
  await wait_round_shown(td, 1);
  const round1 = (await ask(td, "tournament.pairings", { tournament: id, round: 1 })).pairings;
  assert.equal(round1.length, 3);
  assert.equal(round1.filter((p) => p.white === null).length, 1);
  await td.waitForSelector('.pairings tr[data-result="bye"]', { timeout });
  for (const p of round1.filter((q) => q.game !== null)) {
    assert.equal(await td.getAttribute(`.pairings tr[data-pairing="${p.id}"] a.pairing-game`, "href"), `#/game/${p.game}`);
  }
  // The bye's player stays on the tournament page, which shows the round.
  const bye_player = players[round1.find((p) => p.white === null).black];
  await wait_round_shown(bye_player, 1);

  await play_round(players, id, 1, round1);
  // The admin's page (not an entrant) follows the results and the next round.
  await wait_round_shown(td, 2);
  const round2 = (await ask(td, "tournament.pairings", { tournament: id, round: 2 })).pairings;
  const after1 = round1.map((p) => (p.white === null ? p : { ...p, result: "black_wins" }));
  const pending2 = round2.map((p) => (p.white === null ? p : { ...p, result: "pending" }));
  await td.waitForFunction(() => [...document.querySelectorAll(".standings td.cross")].some((td) => td.textContent.includes("?")),
    null, { timeout });
  let server_view = (await ask(td, "tournament.standings", { tournament: id })).standings;
  await check_standings(td, [after1, pending2], server_view);
  // Earlier rounds stay in the round selector.
  await td.selectOption("#round-select", "1");
  await td.waitForSelector('.pairings-slot[data-round="1"] tr[data-result="black_wins"]', { timeout });
  assert.equal(await td.locator('.pairings-slot[data-round="1"] tr[data-result="black_wins"]').count(), 2);
  assert.match(await td.textContent(".pairings-slot"), /Black wins/);

  await play_round(players, id, 2, round2);
  await td.waitForSelector('#tournament-status[data-status="finished"]', { timeout });
  server_view = (await ask(td, "tournament.standings", { tournament: id })).standings;
  const after2 = round2.map((p) => (p.white === null ? p : { ...p, result: "black_wins" }));
  const final = await check_standings(td, [after1, after2], server_view);
  for (const r of final) assert.equal(r.bonus, String([3, 2, 1][r.place - 1] ?? 0), `${r.name}'s bonus`);
  // Every player's page shows the same final table once back on it.
  await open_tournament(tp1, id);
  await tp1.waitForSelector('#tournament-status[data-status="finished"]', { timeout });
  await check_standings(tp1, [after1, after2], server_view);
  await save_screenshot(td, "tournament-final");

  // The list shows where it ended.
  await go(tp1, "#/tournaments");
  await tp1.waitForSelector(`.tournaments tr[data-tournament="${id}"] .status.finished`, { timeout });
  assert.equal(await tp1.textContent(`.tournaments tr[data-tournament="${id}"] .round`), "round 2 of 2");

  // On a phone: nothing wider than the screen; the cross-table scrolls in its box.
  const phone = await open_client(browser, server.url, { viewport: { width: 375, height: 812 } });
  await login(phone, "tp2", "secret-tp2-pw");
  await open_tournament(phone, id);
  await phone.waitForSelector(".standings td.cross", { timeout });
  assert.ok(await no_horizontal_overflow(phone), "the tournament page fits a 375 px screen");
  const box = await phone.$eval(".cross-table-scroll", (el) => ({ overflow: getComputedStyle(el).overflowX, width: el.getBoundingClientRect().right }));
  assert.equal(box.overflow, "auto");
  assert.ok(box.width <= 375, `the cross-table's box ends inside the screen (${box.width})`);
  await save_screenshot(phone, "tournament-phone");
  await go(phone, "#/tournaments");
  await phone.waitForSelector(`.tournaments tr[data-tournament="${id}"]`, { timeout });
  assert.ok(await no_horizontal_overflow(phone), "the tournament list fits a 375 px screen");

  for (const page of [td, dan, phone, ...Object.values(players)]) {
    assert.deepEqual(page.problems, [], "no page errors or refused resources");
    await page.context().close();
  }
});

test("a tournament that does not exist gets a not-found page", async () => {
  const page = await open_client(browser, server.url);
  await register(page, "tnf");
  await go(page, "#/tournament/99999");
  await page.waitForSelector("#not-found", { timeout });
  assert.equal(await page.textContent("#not-found h1"), "There is no tournament number 99999.");
  await page.click("#not-found a");
  await page.waitForSelector("#tournament-list", { timeout });
  assert.deepEqual(page.problems, []);
  await page.context().close();

  const zh = await open_client(browser, server.url, { locale: "zh-CN" });
  await register(zh, "tnfzh");
  await go(zh, "#/tournament/99999");
  await zh.waitForSelector("#not-found", { timeout });
  assert.equal(await zh.textContent("#not-found h1"), "没有第 99999 号比赛。");
  assert.equal(await zh.textContent("#nav-tournaments"), "比赛");
  await zh.context().close();
});

test("the tournament pages ask a visitor to log in", async () => {
  const page = await open_client(browser, server.url);
  await go(page, "#/tournaments");
  await page.waitForSelector("#tournament-list .login-needed", { timeout });
  await go(page, "#/tournament/1");
  await page.waitForSelector(".tournament-page .login-needed", { timeout });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
