// The profile's record pictures: a player who was set to 6k and back to 5k
// by an admin and then played four rated games (against a 6k, a 4k twice and
// a 5k, each ended by a resignation) shows the rank graph with both changes,
// the results by the opponent's rank and the current block as W/L marks in
// the order played; a new player shows the "none yet" texts instead.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_connection, ask } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const admin = { name: "judge", password: "judge-password-1" };
use_server_and_browser({ server_options: { admins: [admin] } });

// A rated game (19x19, nigiri, komi 7.5, byo-yomi) that the loser resigns at once.
async function rated_game(challenger, challenged, loser) {
  const settings = {
    size: 19, rated: true, handicap: 0, komi: 7.5, color: "auto",
    time: { system: "byoyomi", main_s: 600, periods: 3, period_s: 30 },
  };
  const { challenge } = await ask(challenger.page, "challenge", { to: challenged.name, settings });
  const { game } = await ask(challenged.page, "challenge.accept", { challenge: challenge.id });
  await ask(loser.page, "game.resign", { game });
  return game;
}

async function open_profile(page, name) {
  await page.goto(`${server.url}#/user/${name}`);
  await page.waitForSelector(`.profile[data-user="${name}"] #profile-rank`, { timeout });
}

async function opponent_rows(page) {
  return page.$$eval("#opponent-results tbody tr", (rows) => Object.fromEntries(rows.map((row) =>
    [row.dataset.group, [Number(row.querySelector(".wins").textContent), Number(row.querySelector(".losses").textContent)]])));
}

test("a player's rank graph, results by opponent's rank and current block; a new player's empty record", async () => {
  const pages = [];
  const player = async (name, rank) => {
    const page = await open_client(browser, server.url);
    pages.push(page);
    await register(page, name, `secret-${name}-pw`, rank);
    return { page, name };
  };
  try {
    const hero = await player("hero", "5k");
    const strong = await player("strong", "4k");
    const peer = await player("peer", "5k");
    const weak = await player("weak", "6k");

    const judge = await open_client(browser, server.url);
    pages.push(judge);
    await wait_for_connection(judge);
    await judge.fill("#auth-name", admin.name);
    await judge.fill("#auth-password", admin.password);
    await judge.click("#login-button");
    await judge.waitForSelector(`#my-profile:has-text("${admin.name}")`, { timeout });
    await ask(judge, "admin.set_rank", { user: "hero", rank: "6k", reason: "placement" });
    await ask(judge, "admin.set_rank", { user: "hero", rank: "5k", reason: "placement corrected" });

    // Oldest first: W against the 6k, L and W against the 4k, W against the 5k.
    await rated_game(hero, weak, weak);
    await rated_game(strong, hero, hero);
    await rated_game(hero, strong, strong);
    await rated_game(peer, hero, peer);

    const viewer = await open_client(browser, server.url);
    pages.push(viewer);
    await open_profile(viewer, "hero");
    await viewer.waitForSelector("#rank-graph", { timeout });
    // Two changes: two dots, 6k then 5k, the line starting at 5k.
    const dots = await viewer.$$eval("#rank-graph circle.rank-point", (circles) =>
      circles.map((c) => ({ rank: c.dataset.rank, at: Number(c.dataset.at), y: Number(c.getAttribute("cy")) })));
    assert.deepEqual(dots.map((d) => d.rank), ["6k", "5k"]);
    assert.ok(dots[0].at <= dots[1].at);
    assert.ok(dots[0].y > dots[1].y, "6k is drawn below 5k");
    assert.match(await viewer.getAttribute("#rank-graph", "aria-label"), /from 5k to 5k, 2 changes/);
    const labels = await viewer.$$eval("#rank-graph .rank-label", (texts) => texts.map((x) => x.textContent));
    assert.ok(labels.includes("6k") && labels.includes("5k"), `rank labels ${labels}`);

    assert.deepEqual(await opponent_rows(viewer), { stronger: [1, 1], equal: [1, 0], weaker: [1, 0] });
    const marks = await viewer.$$eval("#block-marks .block-mark", (spans) => spans.map((x) => x.dataset.mark));
    assert.deepEqual(marks.slice(0, 4), ["win", "loss", "win", "win"], "the block in the order played");
    assert.equal(marks.length, 15, "a kyu block has 15 places");
    assert.ok(marks.slice(4).every((m) => m === "open"));
    assert.match(await viewer.textContent("#rank-progress"), /4 played, 3 won, 1 lost/);
    assert.equal(await viewer.locator("#no-games").count(), 0);
    // The game list marks each game won or lost for hero, newest first.
    const game_marks = await viewer.$$eval(".game-table tr[data-game]", (rows) => rows.map((r) => r.dataset.mark));
    assert.deepEqual(game_marks, ["win", "win", "loss", "win"]);
    assert.equal(await viewer.textContent(".game-table tr[data-game] .game-mark"), "W");
    await save_screenshot(viewer, "profile-graph");

    // The dark theme keeps the graph readable (screenshot only).
    await viewer.evaluate(() => { document.documentElement.dataset.theme = "dark"; });
    await save_screenshot(viewer, "profile-graph-dark");
    await viewer.evaluate(() => { document.documentElement.dataset.theme = "light"; });

    // A new player, in Chinese: every part says there is nothing yet.
    const fresh = await open_client(browser, server.url, { locale: "zh-CN" });
    pages.push(fresh);
    await register(fresh, "fresh", "secret-fresh-pw", "10k");
    await open_profile(fresh, "fresh");
    assert.equal(await fresh.textContent("#no-rank-changes"), "段位尚无变化：注册以来一直是 10k。");
    assert.equal(await fresh.textContent("#no-rated-games"), "还没有升降级对局。");
    assert.equal(await fresh.textContent("#no-games"), "还没有对局。");
    assert.equal(await fresh.locator("#rank-graph").count(), 0);
    assert.equal(await fresh.locator("table.history").isVisible(), false, "no empty history table");
    const empty = await fresh.$$eval("#block-marks .block-mark", (spans) => spans.map((x) => x.dataset.mark));
    assert.ok(empty.length === 15 && empty.every((m) => m === "open"), "an empty block");
    await save_screenshot(fresh, "profile-new-player");

    // On a phone the page is no wider than the screen.
    await viewer.setViewportSize({ width: 375, height: 812 });
    assert.ok(await viewer.evaluate(() => document.documentElement.scrollWidth <= 375));
    for (const page of pages) assert.deepEqual(page.problems, []);
  } finally {
    for (const page of pages) await page.context().close();
  }
});
