// What a person does in the web client, as page actions, and what the page
// shows, read back from the DOM (the board from its SVG stones).

import { open_client } from "./browser.js";

const timeout = 15000;

// The page's WebSocket is open: a form sent before would be refused as
// "not connected" (the page loads before its socket opens, slowly on a busy machine).
export async function wait_for_connection(page) {
  await page.waitForFunction(() => window.yunzi && window.yunzi.connection.status === "open", null, { timeout });
}

// Closes each page's browser context (its cookies and storage go with it).
export async function close_all(...pages) {
  for (const page of pages) await page.context().close();
}

export async function register(page, name, password = `secret-${name}-pw`, rank = "5k") {
  await wait_for_connection(page);
  await page.fill("#auth-name", name);
  await page.fill("#auth-password", password);
  await page.selectOption("#auth-rank", rank);
  await page.click("#register-button");
  await page.waitForSelector(`#my-profile:has-text("${name}")`, { timeout });
}

// The lobby's new-game form, unfolded with a tap on its summary where it
// starts folded (a phone).
export async function open_new_game_form(page) {
  await page.waitForSelector("#new-game:not([hidden])", { timeout });
  if (!(await page.$eval("#new-game", (details) => details.open))) await page.click("#new-game > summary");
  await page.waitForSelector("#game-size", { state: "visible", timeout });
}

// A friendly challenge, the challenger taking Black: 9x9 without a clock
// unless `size` or `clock` ({system, main_min, periods, period_s, ...}) say otherwise.
export async function challenge(page, opponent, { size = 9, clock = { system: "none" } } = {}) {
  await open_new_game_form(page);
  await page.waitForSelector(`#opponent option[value="${opponent}"]`, { state: "attached", timeout });
  await page.selectOption("#opponent", opponent);
  await page.selectOption("#game-size", String(size));
  await page.uncheck("#game-rated");
  await page.selectOption("#game-color", "black");
  await page.selectOption("#game-clock", clock.system);
  for (const [key, value] of Object.entries(clock)) {
    if (key !== "system") await page.fill(`#clock-${key}`, String(value));
  }
  await page.click("#challenge-button");
}

// Two new players in a new game (the first plays Black), both on its page.
export async function start_game(browser, url, names, options = {}, client_options = [{}, {}]) {
  const black = await open_client(browser, url, client_options[0]);
  const white = await open_client(browser, url, client_options[1]);
  await register(black, names[0]);
  await register(white, names[1]);
  await challenge(black, names[1], options);
  const game = await accept_challenge(white);
  await wait_for_game_page(black);
  return { black, white, game };
}

export async function accept_challenge(page) {
  await page.click(".accept-challenge", { timeout });
  return wait_for_game_page(page);
}

export async function wait_for_game_page(page) {
  await page.waitForURL(/#\/game\/\d+$/, { timeout });
  await page.waitForSelector(".game-page[data-moves]", { timeout });
  return Number(new URL(page.url()).hash.split("/")[2]);
}

export async function click_vertex(page, vertex) {
  await page.click(`svg.board rect.hit[data-vertex="${vertex}"]`);
}

export async function wait_for_moves(page, count) {
  await page.waitForSelector(`.game-page[data-moves="${count}"]`, { timeout });
}

// The stones on the board as {vertex: colour}, read from the SVG.
export async function read_stones(page) {
  return page.$$eval("svg.board circle.stone", (circles) =>
    Object.fromEntries(circles.map((c) => [c.dataset.vertex, c.dataset.color])));
}

function sorted(stones) {
  return Object.fromEntries(Object.entries(stones).sort(([a], [b]) => a.localeCompare(b)));
}

// Waits until the board shows exactly `expected`; returns what it shows.
export async function wait_for_stones(page, expected) {
  const want = JSON.stringify(sorted(expected));
  try {
    await page.waitForFunction((text) => {
      const shown = {};
      for (const c of document.querySelectorAll("svg.board circle.stone")) shown[c.dataset.vertex] = c.dataset.color;
      const keys = Object.keys(shown).sort();
      return JSON.stringify(Object.fromEntries(keys.map((k) => [k, shown[k]]))) === text;
    }, want, { timeout });
  } catch {
    // fall through: the caller's assertion shows the difference
  }
  return sorted(await read_stones(page));
}

export { sorted };

// Logs an existing account in on the page's own form.
export async function login(page, name, password) {
  await wait_for_connection(page);
  await page.fill("#auth-name", name);
  await page.fill("#auth-password", password);
  await page.click("#login-button");
  await page.waitForSelector(`#my-profile:has-text("${name}")`, { timeout });
}

// A request over the page's own connection.
export function ask(page, type, fields = {}) {
  return page.evaluate(([t, f]) => window.yunzi.connection.request({ ...f, type: t }), [type, fields]);
}
