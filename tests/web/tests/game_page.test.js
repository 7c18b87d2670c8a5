// What a player sees on the game page in the moments that decide games: a
// pass by the opponent, an undo refused, the count's deadline, a loss on
// time, byo-yomi, refused moves in Chinese, a challenge arriving on another
// page, pages for games and players that do not exist, the keyboard on a
// finished game, and a counted game's final position, also after a
// server restart.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import {
  register, challenge, click_vertex, wait_for_game_page, wait_for_moves, start_game, close_all
} from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

function number_in(text) {
  const found = /(\d+)\s*s/.exec(text);
  return found ? Number(found[1]) : NaN;
}

test("the opponent's pass is shown on the board and in the status, with a sound", async () => {
  const { black, white } = await start_game(browser, server.url, ["pa1", "pa2"]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    await white.click("#pass-button");
    await wait_for_moves(black, 2);
    await black.waitForSelector('svg.board g.pass-note[data-color="white"]', { timeout });
    assert.match(await black.textContent(".game-status"), /Your opponent passed: passing again ends the game/);
    assert.match(await white.textContent(".game-status"), /White passed/);
    assert.match(await black.textContent("svg.board g.pass-note text"), /White passed/);
    const sounds = await black.evaluate(() => [...window.yunzi.sounds_played]);
    assert.ok(sounds.includes("pass"), `a pass sound (${sounds})`);
    await save_screenshot(black, "opponent-passed");
    // The next move takes the note away.
    await click_vertex(black, "C3");
    await wait_for_moves(black, 3);
    assert.equal(await black.locator("svg.board g.pass-note").count(), 0);
    assert.doesNotMatch(await black.textContent(".game-status"), /passed/);
  } finally {
    await close_all(black, white);
  }
});

test("a declined undo is reported to the asker; the count's deadline counts down", async () => {
  const { black, white } = await start_game(browser, server.url, ["un1", "un2"]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    await black.click("#undo-button");
    await white.click("#undo-decline-button", { timeout });
    await black.waitForSelector('.undo-declined:has-text("White declined your undo request.")', { timeout });

    await white.click("#pass-button");
    await wait_for_moves(black, 2);
    await black.click("#pass-button");
    await black.waitForSelector('.game-page[data-phase="scoring"]', { timeout });
    const deadline = black.locator("#scoring-deadline");
    await deadline.waitFor({ timeout });
    const first = number_in(await deadline.textContent());
    assert.ok(first > 0, `a deadline in seconds (${await deadline.textContent()})`);
    await black.waitForTimeout(2200);
    const later = number_in(await deadline.textContent());
    assert.ok(later < first, `the deadline counts down (${first} then ${later})`);
  } finally {
    await close_all(black, white);
  }
});

test("the forfeit notice counts down while the opponent is away", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["fo1", "fo2"]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    await white.context().close();
    await black.waitForSelector('.game-status:has-text("forfeit in")', { timeout });
    const first = number_in(/forfeit in \d+ s/.exec(await black.textContent(".game-status"))[0]);
    await black.waitForTimeout(2200);
    const later = number_in(/forfeit in \d+ s/.exec(await black.textContent(".game-status"))[0]);
    assert.ok(later < first, `the forfeit notice counts down (${first} then ${later}) in game ${game}`);
  } finally {
    await black.context().close();
  }
});

test("after a loss on time the loser's clock reads 0:00", async () => {
  const clock = { system: "byoyomi", main_min: 0, periods: 1, period_s: 4 };
  const { black, white } = await start_game(browser, server.url, ["ti1", "ti2"], { clock });
  try {
    for (const page of [black, white]) {
      await page.waitForSelector('#game-result:has-text("W+T")', { timeout });
      assert.equal(await page.textContent(".player.black .clock-main"), "0:00");
    }
  } finally {
    await close_all(black, white);
  }
});

test("byo-yomi is shown as periods, distinct from main time", async () => {
  const clock = { system: "byoyomi", main_min: 0, periods: 3, period_s: 30 };
  const { black, white } = await start_game(browser, server.url, ["by1", "by2"], { clock });
  try {
    const clock_of = black.locator(".player.black .clock");
    await black.waitForSelector(".player.black .clock.overtime", { timeout });
    assert.equal(await clock_of.getAttribute("data-stage"), "byoyomi");
    assert.equal(await black.textContent(".player.black .clock-extra"), "byo-yomi 3 left");
    assert.match(await black.textContent(".player.black .clock-main"), /^0:(30|2\d)$/);
    await save_screenshot(black, "byoyomi-clock");
  } finally {
    await close_all(black, white);
  }
});

test("a refused move is explained in the page's language", async () => {
  const { black, white } = await start_game(browser, server.url, ["zh1", "zh2"], {}, [{ locale: "zh-CN" }, { locale: "zh-CN" }]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    await click_vertex(white, "E5");
    const notice = white.locator(".notice.error");
    await notice.waitFor({ timeout });
    assert.equal(await notice.textContent(), "该点已有棋子。");
  } finally {
    await close_all(black, white);
  }
});

test("a challenge reaches a player on a profile page: toast, title, sound, accepted there", async () => {
  const amy = await open_client(browser, server.url);
  const ben = await open_client(browser, server.url);
  try {
    await register(amy, "amy");
    await register(ben, "ben");
    await ben.click("#my-profile");
    await ben.waitForSelector("#profile-rank", { timeout });
    await challenge(amy, "ben");
    const toast = ben.locator(".challenge-toast");
    await toast.waitFor({ timeout });
    assert.match(await toast.textContent(), /amy \(5k\) challenges you: 9×9/);
    assert.match(await ben.title(), /^\(1\) /);
    const sounds = await ben.evaluate(() => [...window.yunzi.sounds_played]);
    assert.ok(sounds.includes("challenge"), `a challenge sound (${sounds})`);
    await toast.locator(".accept-challenge").click();
    await wait_for_game_page(ben);
    await wait_for_game_page(amy);
    assert.doesNotMatch(await ben.title(), /^\(/);
  } finally {
    await close_all(amy, ben);
  }
});

test("a missing player and a missing game each get one not-found page", async () => {
  const page = await open_client(browser, server.url);
  try {
    await register(page, "finder");
    await page.goto(`${server.url}#/user/nobody`);
    await page.waitForSelector("#not-found", { timeout });
    assert.match(await page.textContent("#not-found"), /There is no player named “nobody”/);
    assert.equal(await page.locator("table").count(), 0);
    await page.waitForTimeout(300);
    assert.equal(await page.locator(".notice").count(), 0, "no pop-ups");

    await page.goto(`${server.url}#/game/99999`);
    await page.waitForSelector("#not-found:has-text('99999')", { timeout });
    assert.equal(await page.locator(".game-page").count(), 0);
    await page.reload();
    await page.waitForSelector("#not-found:has-text('There is no game number 99999')", { timeout });
    assert.equal(await page.locator(".notice").count(), 0, "no pop-ups");
  } finally {
    await close_all(page);
  }
});

test("the keyboard cursor goes with a keyboard move; on a finished game the arrows move through it", async () => {
  const { black, white } = await start_game(browser, server.url, ["kb1", "kb2"]);
  try {
    await black.focus("svg.board");
    await black.keyboard.press("ArrowRight");
    assert.equal(await black.locator("svg.board rect.cursor").count(), 1);
    await black.keyboard.press("Enter");
    await wait_for_moves(black, 1);
    assert.equal(await black.locator("svg.board rect.cursor").count(), 0, "the cursor is gone after the move");
    await click_vertex(white, "C3");
    await wait_for_moves(black, 2);
    await black.click("#resign-button");
    await black.waitForSelector('#game-result:has-text("W+R")', { timeout });

    await click_vertex(black, "A1");
    await black.keyboard.press("ArrowLeft");
    await black.waitForSelector('.game-page[data-shown="1"]', { timeout });
    assert.equal(await black.locator("svg.board rect.cursor").count(), 0, "no cursor on a finished game");
    await black.keyboard.press("Home");
    await black.waitForSelector('.game-page[data-shown="0"]', { timeout });
  } finally {
    await close_all(black, white);
  }
});

test("the chat is kept by the room: a late joiner and a reloaded page see it", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["ch1", "ch2"]);
  const late = await open_client(browser, server.url);
  try {
    await black.fill(".chat-input", "hello there");
    await black.press(".chat-input", "Enter");
    await white.waitForSelector('.chat-line:has-text("hello there")', { timeout });
    await register(late, "ch3");
    await late.goto(`${server.url}#/game/${game}`);
    await wait_for_game_page(late);
    await late.waitForSelector('.chat-line.players:has-text("hello there")', { timeout });
    await white.reload();
    await wait_for_game_page(white);
    await white.waitForSelector('.chat-line.players:has-text("hello there")', { timeout });
    assert.equal(await white.locator(".chat-line").count(), 1, "each line once");
  } finally {
    await close_all(black, white, late);
  }
});

test("a counted game's final position keeps its dead stones and territory", async () => {
  const { black, white } = await start_game(browser, server.url, ["co1", "co2"]);
  try {
    await click_vertex(black, "E5");
    await wait_for_moves(white, 1);
    await click_vertex(white, "J9");
    await wait_for_moves(black, 2);
    await black.click("#pass-button");
    await wait_for_moves(white, 3);
    await white.click("#pass-button");
    await black.waitForSelector('.game-page[data-phase="scoring"]', { timeout });
    await click_vertex(black, "J9");
    await white.waitForSelector('svg.board circle.stone.dead[data-vertex="J9"]', { timeout });
    await black.click("#score-accept-button");
    await white.click("#score-accept-button");
    for (const page of [black, white]) {
      await page.waitForSelector('#game-result:has-text("B+73.5")', { timeout });
      await page.waitForSelector('svg.board circle.stone.dead[data-vertex="J9"]', { timeout });
      assert.ok(await page.locator("svg.board rect.territory.black").count() >= 79, "Black's territory is marked");
    }
    await save_screenshot(white, "counted-final");
  } finally {
    await close_all(black, white);
  }
});

// The board of the final position: the dead stones and the owner of each territory point.
async function final_marks(page) {
  return page.evaluate(() => ({
    dead: [...document.querySelectorAll("svg.board circle.stone.dead")].map((c) => c.dataset.vertex).sort(),
    black: document.querySelectorAll("svg.board rect.territory.black").length,
    white: document.querySelectorAll("svg.board rect.territory.white").length,
  }));
}

test("a counted game reopened after a server restart still shows its dead stones and territory", async () => {
  // Black walls off columns A-D with D, White E-J with E; each drops a stone
  // into the other's area, and both are marked dead.
  const { black, white, game } = await start_game(browser, server.url, ["rs1", "rs2"]);
  const moves = [];
  for (let row = 1; row <= 9; row++) moves.push(`D${row}`, `E${row}`);
  moves.push("H5", "B5");
  let late;
  try {
    for (const [index, vertex] of moves.entries()) {
      const mover = index % 2 === 0 ? black : white;
      await click_vertex(mover, vertex);
      await wait_for_moves(index % 2 === 0 ? white : black, index + 1);
    }
    await black.click("#pass-button");
    await wait_for_moves(white, moves.length + 1);
    await white.click("#pass-button");
    await black.waitForSelector('.game-page[data-phase="scoring"]', { timeout });
    await click_vertex(black, "B5");
    await white.waitForSelector('svg.board circle.stone.dead[data-vertex="B5"]', { timeout });
    await click_vertex(white, "H5");
    await black.waitForSelector('svg.board circle.stone.dead[data-vertex="H5"]', { timeout });
    await black.click("#score-accept-button");
    await white.click("#score-accept-button");
    // Black: 27 stones' worth of A-C plus the D wall = 36; White: F-J (36) plus the E wall = 45.
    await black.waitForSelector('#game-result:has-text("W+16.5")', { timeout });
    // A-C for Black (B5 included), F-J for White (H5 included).
    const expected = { dead: ["B5", "H5"], black: 27, white: 36 };
    assert.deepEqual(await final_marks(black), expected, "the final position right after the count");

    await server.restart();
    // A newcomer opens the game's address; a player reloads the page.
    late = await open_client(browser, `${server.url}#/game/${game}`);
    await wait_for_game_page(late);
    await late.waitForSelector('#game-result:has-text("W+16.5")', { timeout });
    await late.waitForSelector('svg.board circle.stone.dead[data-vertex="H5"]', { timeout });
    assert.deepEqual(await final_marks(late), expected, "the final position after a restart");
    assert.equal(await late.locator("svg.board g.pass-note").count(), 0, "no pass note over the count's marks");
    await white.reload();
    await wait_for_game_page(white);
    await white.waitForSelector('svg.board circle.stone.dead[data-vertex="B5"]', { timeout });
    assert.deepEqual(await final_marks(white), expected, "the final position on a reload after a restart");
    await save_screenshot(late, "counted-after-restart");

    // The record's territory: TB/TW in its last node, the dead stones' points included.
    const sgf = await late.evaluate(async (id) => (await fetch(`/games/${id}.sgf`)).text(), game);
    const points = (id) => {
      const found = new RegExp(`${id}((?:\\[[a-s]{2}\\]\\s*)+)`).exec(sgf);
      return found ? found[1].match(/[a-s]{2}/g).sort() : [];
    };
    const columns = (letters) => letters.flatMap((x) => [..."abcdefghi"].map((y) => x + y)).sort();
    assert.deepEqual(points("TB"), columns(["a", "b", "c"]), sgf);
    assert.deepEqual(points("TW"), columns(["f", "g", "h", "i"]), sgf);
    assert.ok(sgf.indexOf("TB[") > sgf.lastIndexOf(";W[") && sgf.indexOf("TB[") > sgf.lastIndexOf(";B["),
      "the territory is in the last node");
    assert.deepEqual(late.problems, []);
  } finally {
    await close_all(black, white, ...(late ? [late] : []));
  }
});
