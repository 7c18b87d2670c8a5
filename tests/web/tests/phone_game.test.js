// A game on phones in Chinese (390x844 and 360x640, touch) watched from a
// desktop (1366x768): it opens at the top from a scrolled lobby with the
// board and both clocks in view, each player's own panel under the board,
// the count and its buttons on the screen while counting, the result pop-up
// at the end (who won and how, Rematch, Back to the lobby), a rematch with
// the colours swapped, and a finished game opened later saying how it ended
// as it said live.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { ask, register, wait_for_game_page, open_new_game_form } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
const phone_tall = { width: 390, height: 844 };
const phone_small = { width: 360, height: 640 };
const desktop = { width: 1366, height: 768 };
const touch = { hasTouch: true, isMobile: true };

use_server_and_browser();

let pia; // 390x844, White in the first game
let quin; // 360x640, Black in the first game
let rex; // a desktop spectator, in English
let first_game;
let second_game;
let live_result_text;

async function box(page, selector) {
  const found = await page.locator(selector).first().boundingBox();
  assert.ok(found, `${selector} is shown`);
  return found;
}

// The page at this size, at the top, once the board has taken the room the size leaves.
async function show_at(page, size) {
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function assert_on_screen(page, selectors) {
  const { width, height } = page.viewportSize();
  for (const selector of selectors) {
    const b = await box(page, selector);
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5,
      `${selector} at ${JSON.stringify(b)} is on the ${width}x${height} screen`);
  }
}

const both_clocks = [".player.black .clock", ".player.white .clock", "svg.board"];

// Panels above and below the board, top to bottom.
async function panel_order(page) {
  const board = await box(page, "svg.board");
  const black = await box(page, ".player.black");
  const white = await box(page, ".player.white");
  const above = (b) => b.y + b.height <= board.y + 0.5;
  const below = (b) => b.y >= board.y + board.height - 0.5;
  if (above(white) && below(black)) return ["white", "black"];
  if (above(black) && below(white)) return ["black", "white"];
  return [`black ${JSON.stringify(black)}`, `white ${JSON.stringify(white)}`, `board ${JSON.stringify(board)}`];
}

test("a game accepted from a scrolled phone lobby opens at the top, the board and both clocks in view", async () => {
  pia = await open_client(browser, server.url, { locale: "zh-CN", viewport: phone_tall, device: touch });
  quin = await open_client(browser, server.url, { locale: "zh-CN", viewport: phone_small, device: touch });
  await register(pia, "pia");
  await register(quin, "quin");
  await ask(quin, "seek.create", { settings: { size: 9, rated: false, color: "black", komi: 7.5, time: { system: "none" } } });
  // Both lobbies scrolled to their foot, the new-game form unfolded so that there is a foot to scroll to.
  const accept = pia.locator('#seek-list li:has-text("quin") .accept-seek');
  await accept.waitFor({ timeout });
  for (const page of [pia, quin]) {
    await open_new_game_form(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  assert.ok(await pia.evaluate(() => window.scrollY) > 0, "the lobby was scrolled down");
  await accept.evaluate((button) => button.click());
  first_game = await wait_for_game_page(pia);
  await wait_for_game_page(quin);

  for (const [page, size] of [[pia, phone_tall], [quin, phone_small]]) {
    assert.equal(await page.evaluate(() => window.scrollY), 0, `the game opened at the top at ${size.width}x${size.height}`);
    await assert_on_screen(page, [...both_clocks, "#nav-back", "#nav-forward", "#resign-button"]);
  }
  await assert_on_screen(quin, ["#pass-button"]);
  // A reload of the page scrolled down opens it at the top as well.
  await pia.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await pia.evaluate(() => window.scrollY) > 0, "the game page was scrolled down");
  await pia.reload();
  await wait_for_game_page(pia);
  await pia.waitForSelector(".game-page[data-phase]", { timeout });
  assert.equal(await pia.evaluate(() => window.scrollY), 0, "the reloaded game page is at the top");
  await assert_on_screen(pia, both_clocks);
  await save_screenshot(pia, "phone-game-opened-390x844");
  await save_screenshot(quin, "phone-game-opened-360x640");
});

test("a player's own panel is under the board and the opponent's above it; a spectator has White above", async () => {
  rex = await open_client(browser, server.url, { viewport: desktop });
  await register(rex, "rex");
  await rex.evaluate((id) => { location.hash = `#/game/${id}`; }, first_game);
  await rex.waitForSelector(".game-page[data-moves]", { timeout });
  assert.deepEqual(await panel_order(pia), ["black", "white"], "White's own panel under the board on a phone");
  assert.deepEqual(await panel_order(quin), ["white", "black"], "Black's own panel under the board on a phone");
  assert.deepEqual(await panel_order(rex), ["white", "black"], "a spectator: White above, Black below");
  await show_at(pia, desktop);
  assert.deepEqual(await panel_order(pia), ["black", "white"], "White's own panel under the board on a desktop");
  await show_at(pia, phone_tall);
});

test("while counting, the score, its deadline and Accept / Resume are on the screen at every size", async () => {
  await quin.click("#pass-button");
  await pia.waitForSelector('.game-page[data-to-move="white"]', { timeout });
  await pia.click("#pass-button");
  for (const page of [pia, quin, rex]) await page.waitForSelector("#score-line", { timeout });
  assert.equal(await quin.textContent("#score-line"), "黑 0，白 0 + 贴目 7.5");
  const counting = ["#score-line", "#scoring-deadline", "#score-accept-button", "#score-resume-button", ...both_clocks];
  for (const [page, size] of [[quin, phone_small], [pia, phone_tall], [pia, desktop]]) {
    await show_at(page, size);
    await assert_on_screen(page, counting);
    await save_screenshot(page, `phone-game-counting-${size.width}x${size.height}`);
  }
  await show_at(pia, phone_tall);
  await assert_on_screen(rex, ["#score-line", "#scoring-deadline", ...both_clocks]);
});

async function assert_dialog(page, { title, text, rematch }) {
  const dialog = page.locator("#result-dialog");
  await dialog.waitFor({ timeout });
  assert.equal(await page.textContent("#result-title"), title);
  assert.equal(await page.textContent("#result-text"), text);
  assert.equal(await page.locator("#rematch-button").count(), rematch ? 1 : 0, `Rematch ${rematch ? "" : "not "}offered`);
  await assert_on_screen(page, ["#result-dialog", "#result-lobby", "#game-result", ...(rematch ? ["#rematch-button"] : [])]);
  // Over the board only: the buttons and the result line under it stay free.
  const board = await box(page, ".board-wrap");
  const over = await box(page, "#result-dialog");
  assert.ok(over.y >= board.y && over.y + over.height <= board.y + board.height + 0.5, "the pop-up lies over the board");
}

test("the count accepted: a pop-up says who won and how, on phones and on the desktop", async () => {
  await quin.click("#score-accept-button");
  await pia.click("#score-accept-button");
  await assert_dialog(pia, { title: "你赢了", text: "结果：W+7.5（数子）", rematch: true });
  await assert_dialog(quin, { title: "你输了", text: "结果：W+7.5（数子）", rematch: true });
  await assert_dialog(rex, { title: "White wins", text: "Result: W+7.5 (by counting)", rematch: false });
  assert.equal(await pia.textContent("#result-score"), "黑 0，白 0 + 贴目 7.5");
  live_result_text = await rex.textContent("#game-result");
  assert.equal(live_result_text, "Result: W+7.5 (by counting)");
  await save_screenshot(quin, "phone-game-result-360x640");
  await save_screenshot(pia, "phone-game-result-390x844");
  await save_screenshot(rex, "phone-game-result-1366x768");
  // Seen at the other sizes too.
  await show_at(quin, desktop);
  await assert_dialog(quin, { title: "你输了", text: "结果：W+7.5（数子）", rematch: true });
  await show_at(quin, phone_small);
  await show_at(rex, phone_small);
  await assert_dialog(rex, { title: "White wins", text: "Result: W+7.5 (by counting)", rematch: false });
  await show_at(rex, desktop);
  // "Look at the board" puts it away.
  await rex.click("#result-close");
  await rex.locator("#result-dialog").waitFor({ state: "hidden", timeout });
});

test("Rematch challenges the same opponent with the same settings and the colours swapped", async () => {
  // Declined first: the pop-up says so and offers the rematch again.
  await quin.click("#rematch-button");
  await quin.waitForSelector('#rematch-note:has-text("pia")', { timeout });
  const declined = pia.locator(".challenge-toast[data-challenge]");
  await declined.waitFor({ timeout });
  const declined_id = await declined.getAttribute("data-challenge");
  await declined.locator(".decline-challenge").click();
  await quin.waitForSelector('#rematch-note:has-text("拒绝")', { timeout });
  assert.equal(await quin.isEnabled("#rematch-button"), true, "Rematch may be asked again");
  await quin.click("#rematch-button");
  await quin.waitForSelector('#rematch-note:has-text("等待")', { timeout });
  const toast = pia.locator(`.challenge-toast[data-challenge]:not([data-challenge="${declined_id}"])`);
  await toast.waitFor({ timeout });
  const id = Number(await toast.getAttribute("data-challenge"));
  const challenge = await pia.evaluate((c) => {
    const found = window.yunzi.store.state.challenges.get(c);
    return { from: found.from.name, settings: found.settings };
  }, id);
  assert.equal(challenge.from, "quin");
  assert.deepEqual(
    { size: challenge.settings.size, rated: challenge.settings.rated, komi: challenge.settings.komi,
      color: challenge.settings.color, time: challenge.settings.time.system },
    { size: 9, rated: false, komi: 7.5, color: "white", time: "none" },
    "quin, Black before, asks for White");
  // quin waits on the desktop, the finished game scrolled down: the new game opens at its top all the same.
  await show_at(quin, desktop);
  await quin.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await quin.evaluate(() => window.scrollY) > 0, "the finished game's page was scrolled down");
  await toast.locator(".accept-challenge").click();
  await pia.waitForURL((url) => /#\/game\/\d+$/.test(url.hash) && !url.hash.endsWith(`/${first_game}`), { timeout });
  second_game = await wait_for_game_page(pia);
  await quin.waitForURL(new RegExp(`#/game/${second_game}$`), { timeout });
  await quin.waitForSelector(".game-page[data-moves]", { timeout });
  for (const page of [pia, quin]) {
    assert.equal(await page.textContent(".player.black .player-name"), "pia 5k");
    assert.equal(await page.textContent(".player.white .player-name"), "quin 5k");
  }
  assert.deepEqual(await panel_order(quin), ["black", "white"], "quin, White now, has White under the board");
  assert.equal(await quin.evaluate(() => window.scrollY), 0, "the new game opened at the top at 1366x768");
  await assert_on_screen(quin, [...both_clocks, "#resign-button", "#nav-back"]);
  assert.equal(await pia.isHidden("#result-dialog"), true, "the new game starts without the old result");
});

test("a resignation's pop-up; Back to the lobby leads there", async () => {
  await pia.click("#resign-button");
  await assert_dialog(quin, { title: "你赢了", text: "结果：W+R（中盘胜）", rematch: true });
  await assert_dialog(pia, { title: "你输了", text: "结果：W+R（中盘胜）", rematch: true });
  await quin.click("#result-lobby");
  await quin.waitForURL((url) => url.hash === "#/", { timeout });
  await quin.waitForSelector("#seek-list", { timeout });
});

test("a finished game opened later says how it ended, as it did live, without the pop-up", async () => {
  const later = await open_client(browser, server.url, { viewport: desktop });
  const later_phone = await open_client(browser, server.url, { locale: "zh-CN", viewport: phone_small, device: touch });
  for (const [page, game, text, score] of [
    [later, first_game, live_result_text, "Black 0, White 0 + komi 7.5"],
    [later, second_game, "Result: W+R (by resignation)", null],
    [later_phone, first_game, "结果：W+7.5（数子）", "黑 0，白 0 + 贴目 7.5"],
  ]) {
    await page.evaluate((id) => { location.hash = `#/game/${id}`; }, game);
    await page.waitForSelector(`.game-page[data-game="${game}"][data-phase="ended"]`, { timeout });
    await page.waitForSelector("#game-result:not(:empty)", { timeout });
    assert.equal(await page.textContent("#game-result"), text);
    if (score) assert.equal(await page.textContent("#score-line"), score);
    assert.equal(await page.isHidden("#result-dialog"), true, "no pop-up for a game that ended before");
  }
  await save_screenshot(later, "phone-game-reopened-1366x768");
  await assert_on_screen(later_phone, ["#game-result", "#score-line", ...both_clocks]);
  await save_screenshot(later_phone, "phone-game-reopened-360x640");
  for (const page of [pia, quin, rex, later, later_phone]) assert.deepEqual(page.problems, [], `no page problems: ${page.problems}`);
});
