// The life-and-death problems (死活题) at phone and desktop sizes. An admin
// imports two problems of the test's own (problem.import, under a theme of
// their own, so the test never depends on where the library lists them):
// two of tsumego/library/starter.sgf mirrored into other corners, Black to
// kill in the top right (Q18, White's R19, then T18) and White to live in
// the top left (A19). A new player opens Problems from the header, sees the
// day's problem and the theme with its count, opens the kill problem from
// the theme's list, plays S18 and sees "Wrong" with the tree's words and
// White's Q18 on the board (the rated attempt's rating change, downwards);
// Retry, a hint marks a point, the right line ends in "Right!"; a retried
// attempt left after one exchange is back with its moves after a reload;
// Next opens the live problem, solved at once for a rating change upwards,
// and says the list ends after it; the list marks both solved and the
// profile shows the problem rating. A visitor sees a problem, is asked to
// sign in by a tap on the board, and signs in on the same page to play.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, login, ask, read_stones, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 20000;
const admin = { name: "problem_admin", password: "imports-problems" };
const theme = "web test";
const head = "GM[1]FF[4]CA[UTF-8]SZ[19]YD[10k]YH[corner]";
// Problem 183 of the starter library mirrored left to right, and problem 1 likewise.
const problems_sgf =
  `(;${head}PL[B]YG[kill]YT[pa]GN[Web test: Black to kill]C[Black to kill.]` +
  "AB[oa][ob][pc][oc][sd][rd][qd][pd]AW[pa][qb][sc][rc][qc][ra]" +
  "(;B[pb];W[qa];B[sb]C[Right: White is left with one eye.])" +
  "(;B[rb];W[pb]C[Wrong: White connects and lives.])" +
  "(;B[sb];W[pb]C[Wrong: White connects and lives.]))" +
  `(;${head}PL[W]YG[live]YT[ca]GN[Web test: White to live]C[White to live.]` +
  "AB[da][db][dc][ad][bd][cd][dd][ab]AW[ca][cb][ac][bc][cc][bb]" +
  "(;W[aa]C[Right: two eyes.])" +
  "(;W[ba];B[aa]C[Wrong: Black takes the corner.]))";
// Each problem's position before any move, as GTP vertices.
const kill_setup = {
  P19: "black", P18: "black", Q17: "black", P17: "black", T16: "black", S16: "black", R16: "black", Q16: "black",
  Q19: "white", R18: "white", T17: "white", S17: "white", R17: "white", S19: "white",
};
let kill_id = null;
let live_id = null;
use_server_and_browser({
  server_options: { admins: [admin] },
  ready: async () => {
    const page = await open_client(browser, server.url);
    try {
      await login(page, admin.name, admin.password);
      const reply = await ask(page, "problem.import", { sgf: problems_sgf, themes: [theme] });
      assert.equal(reply.imported.length, 2, `both problems imported: ${JSON.stringify(reply)}`);
      [kill_id, live_id] = reply.imported.map((entry) => entry.id);
    } finally {
      await close_all(page);
    }
  },
});

const phone = { viewport: { width: 360, height: 640 }, device: { isMobile: true, hasTouch: true }, locale: "zh-CN" };
const desktop = { viewport: { width: 1366, height: 768 }, locale: "en-US" };
const words = {
  phone: { kill: "黑先杀", live: "白先活", right: "正解", wrong: "失败", practice: /练习/, solved: /解出 2 题/, last: "这已是本列表的最后一题。" },
  desktop: {
    kill: "Black to kill", live: "White to live", right: "Right!", wrong: "Wrong", practice: /Practice/, solved: /2 solved/,
    last: "That was the last problem of this list.",
  },
};

const hit = (vertex) => `svg.board rect.hit[data-vertex="${vertex}"]`;

// A move as a person makes it: a finger taps twice (the first tap only shows the stone), a mouse clicks once.
async function play(page, vertex, touch) {
  if (touch) {
    await page.tap(hit(vertex));
    await page.waitForSelector(`svg.board circle.preview.pending[data-vertex="${vertex}"]`, { timeout });
    await page.tap(hit(vertex));
  } else {
    await page.click(hit(vertex));
  }
}

async function wait_for_attempt(page, state, moves) {
  await page.waitForSelector(`.problem-page[data-problem][data-state="${state}"][data-moves="${moves}"]`, { timeout });
}

async function nothing_wider(page, width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `the page is ${wide} px wide on a ${width} px screen`);
}

// The board, its verdict and the buttons on the first screen.
async function on_screen(page, height) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const selector of ["svg.board", "#problem-verdict", "#problem-next"]) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= height + 1, `${selector} on the screen: ${JSON.stringify(box)}`);
  }
}

for (const [name, device] of [["phone", phone], ["desktop", desktop]]) {
  test(`solving problems on the ${name}: wrong, a hint, right, a resumed attempt, Next, the rating`, async () => {
    const touch = name === "phone";
    const said = words[name];
    const page = await open_client(browser, server.url, device);
    try {
      await register(page, `solver_${name}`);
      await page.click("#nav-problems");
      await page.waitForSelector("#problem-daily:not([hidden]) li.problem-row a.problem-open", { timeout });
      assert.match(await page.getAttribute("#problem-daily a.problem-open", "href"), /^#\/problem\/\d+$/);
      const chip = page.locator(`#problem-themes a[data-theme="${theme}"]`);
      await chip.waitFor({ timeout });
      assert.equal(await chip.textContent(), `${theme} (2)`);
      await nothing_wider(page, device.viewport.width);
      await save_screenshot(page, `problems-list-${name}`);

      await chip.click();
      await page.waitForSelector(`#problem-themes a.current[data-theme="${theme}"]`, { timeout });
      await page.waitForSelector(`#problem-list li[data-problem="${live_id}"]`, { timeout });
      assert.deepEqual(await page.$$eval("#problem-list li.problem-row", (rows) => rows.map((row) => Number(row.dataset.problem))),
        [kill_id, live_id], "the theme's problems, easiest first, then by id");
      const kill_row = page.locator(`#problem-list li[data-problem="${kill_id}"]`);
      assert.equal(await kill_row.locator(".problem-goal").textContent(), said.kill);
      assert.match(await kill_row.textContent(), /10k/);
      await kill_row.locator("a.problem-open").click();

      // Wrong: White's answer is on the board at once, with the verdict and the tree's words.
      await wait_for_attempt(page, "none", 0);
      assert.equal(await page.textContent("#problem-goal"), said.kill);
      assert.deepEqual(await read_stones(page), kill_setup);
      await nothing_wider(page, device.viewport.width);
      await on_screen(page, device.viewport.height);
      await play(page, "S18", touch);
      await wait_for_attempt(page, "failed", 2);
      const verdict = page.locator("#problem-verdict.wrong");
      assert.equal(await verdict.locator("strong").textContent(), said.wrong);
      assert.match(await verdict.textContent(), /White connects and lives/);
      assert.deepEqual(await read_stones(page), { ...kill_setup, S18: "black", Q18: "white" }, "the refutation stone");
      await page.waitForSelector('svg.board circle.last-move[data-vertex="Q18"]', { timeout });
      // The first attempt was rated: the rating went down.
      const loss = await page.textContent("#problem-rating-change", { timeout });
      assert.match(loss, /\u2212\d+/);
      await save_screenshot(page, `problems-wrong-${name}`);
      assert.equal(await page.isVisible("#problem-hint"), false, "no hint for an attempt that is over");

      // Retry; the hint marks a right first move (an empty point); the right line.
      await page.click("#problem-retry");
      await wait_for_attempt(page, "playing", 0);
      assert.deepEqual(await read_stones(page), kill_setup);
      assert.match(await page.textContent("#problem-note"), said.practice);
      await page.click("#problem-hint");
      const hinted = await page.getAttribute("svg.board .hint-mark", "data-vertex", { timeout });
      assert.ok(["Q18", "R19", "S18", "T18", "T19"].includes(hinted), `the hint ${hinted} is inside the corner`);
      await save_screenshot(page, `problems-hint-${name}`);
      await play(page, "Q18", touch);
      await wait_for_attempt(page, "playing", 2);
      assert.equal((await read_stones(page)).R19, "white", "White's answer");
      assert.equal(await page.locator("svg.board .hint-mark").count(), 0, "the hint goes with the move");
      await play(page, "T18", touch);
      await wait_for_attempt(page, "solved", 3);
      assert.equal(await page.textContent("#problem-verdict.right strong"), said.right);
      assert.match(await page.textContent("#problem-verdict"), /White is left with one eye/);
      assert.deepEqual(await read_stones(page), { ...kill_setup, Q18: "black", R19: "white", T18: "black" });
      await save_screenshot(page, `problems-right-${name}`);

      // An attempt left after one exchange comes back with its moves.
      await page.click("#problem-retry");
      await wait_for_attempt(page, "playing", 0);
      await play(page, "Q18", touch);
      await wait_for_attempt(page, "playing", 2);
      await page.reload();
      await wait_for_attempt(page, "playing", 2);
      assert.deepEqual(await read_stones(page), { ...kill_setup, Q18: "black", R19: "white" });
      await page.waitForSelector('svg.board circle.last-move[data-vertex="R19"]', { timeout });

      // Next: the theme's following problem, right at the first try: the rating goes up.
      await page.click("#problem-next");
      await page.waitForURL(new RegExp(`#/problem/${live_id}\\?theme=`), { timeout });
      await wait_for_attempt(page, "none", 0);
      assert.equal(await page.textContent("#problem-goal"), said.live);
      await play(page, "A19", touch);
      await wait_for_attempt(page, "solved", 1);
      assert.equal(await page.textContent("#problem-verdict.right strong"), said.right);
      assert.equal((await read_stones(page)).A18, undefined, "Black's A18 is taken");
      assert.match(await page.textContent("#problem-rating-change"), /\+\d+/);
      const rating = (await page.textContent("#problem-rating")).match(/\d+/)[0];
      await on_screen(page, device.viewport.height);
      await save_screenshot(page, `problems-rated-${name}`);
      // The theme has no problem after this one.
      await page.click("#problem-next");
      await page.locator(".notice", { hasText: said.last }).waitFor({ timeout });

      // The list marks both solved; the profile shows the problem rating.
      await page.click("#problem-back");
      await page.waitForSelector(`#problem-list li[data-problem="${live_id}"][data-solved="solved"]`, { timeout });
      assert.equal(await page.getAttribute(`#problem-list li[data-problem="${kill_id}"]`, "data-solved"), "solved");
      await page.click("#my-profile");
      const stats = page.locator("#profile-problems:not([hidden]) #profile-problem-stats");
      await stats.waitFor({ timeout });
      const text = await stats.textContent();
      assert.ok(text.includes(rating), `the rating ${rating} in "${text}"`);
      assert.match(text, said.solved);
      assert.deepEqual(page.problems, []);
    } finally {
      await close_all(page);
    }
  });
}

test("a visitor sees a problem and is asked to sign in to play, on the same page", async () => {
  const page = await open_client(browser, `${server.url}#/problem/${kill_id}`,
    { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true } });
  try {
    await wait_for_attempt(page, "none", 0);
    assert.deepEqual(await read_stones(page), kill_setup);
    assert.equal(await page.isVisible("#problem-hint"), false);
    await page.tap(hit("Q18"));
    await page.locator(".notice", { hasText: "Sign in to play." }).waitFor({ timeout });
    await page.waitForSelector("#problem-login:not([hidden]) #auth-name", { timeout });
    assert.deepEqual(await read_stones(page), kill_setup, "the tap played nothing");
    await save_screenshot(page, "problems-visitor");

    await register(page, "problem_newcomer");
    await page.waitForSelector("#problem-hint:not([hidden])", { timeout });
    assert.equal(await page.isVisible("#problem-login"), false);
    assert.match(await page.textContent("#problem-note"), /counts for your problem rating/);
    assert.deepEqual(page.problems, []);
  } finally {
    await close_all(page);
  }
});
