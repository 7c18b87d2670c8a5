// A slow link, made by holding frames in Playwright's WebSocket route
// (`routeWebSocket`) until the test lets them through, so nothing depends
// on how long anything takes. A move shows its stone at once, half
// transparent, while the server's answer is held back; another tap meanwhile
// sends nothing and shows no error; a refused move is taken off the board
// with the reason. A login or registration sent while the page is still
// connecting is sent once the link is up, once, and not refused; a kept
// session that no longer holds, tried first, does not undo the login.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { start_game, wait_for_moves, read_stones, register, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const phone = { viewport: { width: 390, height: 844 }, device: { hasTouch: true, isMobile: true } };
const desktop = { viewport: { width: 1366, height: 768 } };

// The page's socket through a route that passes every frame, except that
// once the page sends a game.move the server's frames wait in `held` until
// release(). `sent` keeps the page's requests, parsed.
function holding_route() {
  const link = { sent: [], held: [], holding: false, to_page: null };
  link.release = () => {
    link.holding = false;
    for (const frame of link.held.splice(0)) link.to_page(frame);
  };
  link.prepare = (page) => page.routeWebSocket(/\/ws$/, (socket) => {
    const upstream = socket.connectToServer();
    link.to_page = (frame) => socket.send(frame);
    socket.onMessage((frame) => {
      const request = JSON.parse(frame);
      link.sent.push(request);
      if (request.type === "game.move") link.holding = true;
      upstream.send(frame);
    });
    upstream.onMessage((frame) => {
      if (link.holding) link.held.push(frame);
      else socket.send(frame);
    });
  });
  link.moves_sent = () => link.sent.filter((r) => r.type === "game.move").map((r) => r.vertex);
  return link;
}

// A move as the device makes it: a click, or a tap to show and a tap to play.
async function play(page, vertex, touch) {
  const point = `svg.board rect.hit[data-vertex="${vertex}"]`;
  if (!touch) return page.click(point);
  await page.tap(point);
  await page.tap(point);
}

// The server's answer has come when the frames held for it are let through;
// until then the page has only its own stone to show.
async function frames_waiting(link) {
  const deadline = Date.now() + timeout;
  while (link.held.length === 0) {
    if (Date.now() > deadline) assert.fail("the server never answered the move");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const [label, device, touch] of [["desktop", desktop, false], ["phone", phone, true]]) {
  test(`a move on a slow link shows at once, waits for its answer and is taken back when refused (${label})`, async () => {
    const link = holding_route();
    const { black, white } = await start_game(browser, server.url, [`slow_b_${label}`, `slow_w_${label}`], {},
      [{ ...device, prepare: link.prepare }, {}]);
    try {
      await play(black, "E5", touch);
      await black.waitForSelector('svg.board circle.stone.sent[data-vertex="E5"][data-color="black"]', { timeout });
      await frames_waiting(link);
      assert.equal(await black.getAttribute(".game-page", "data-moves"), "0", "the answer is still held");
      await save_screenshot(black, `slow-link-sent-${label}`);

      // Another tap while the answer is on its way sends nothing and shows no error.
      await play(black, "C3", touch);
      assert.deepEqual(link.moves_sent(), ["E5"]);
      assert.equal(await black.locator(".notice.error").count(), 0);
      // Nor can a pass go out as a second move for the same turn.
      assert.equal(await black.isDisabled("#pass-button"), true);

      link.release();
      await wait_for_moves(black, 1);
      await black.waitForSelector('svg.board circle.stone[data-vertex="E5"]:not(.sent)', { timeout });
      assert.deepEqual(await read_stones(black), { E5: "black" });

      // A1 between White's A2 and B1 would have no liberty: the server refuses it.
      for (const [page, vertex, moves] of [[white, "A2", 2], [black, "E6", 3], [white, "B1", 4]]) {
        await wait_for_moves(page, moves - 1);
        await page.click(`svg.board rect.hit[data-vertex="${vertex}"]`);
        if (page === black) {
          await frames_waiting(link);
          link.release();
        }
        await wait_for_moves(black, moves);
      }
      await play(black, "A1", touch);
      await black.waitForSelector('svg.board circle.stone.sent[data-vertex="A1"]', { timeout });
      await frames_waiting(link);
      link.release();
      const notice = black.locator(".notice.error");
      await notice.waitFor({ timeout });
      assert.equal(await notice.textContent(), "Suicide is not allowed: the stone would have no liberties.");
      await black.waitForSelector('svg.board circle.stone[data-vertex="A1"]', { state: "detached", timeout });
      assert.deepEqual(await read_stones(black), { E5: "black", E6: "black", A2: "white", B1: "white" });

      // The board takes a move again after the refusal.
      await play(black, "C3", touch);
      await frames_waiting(link);
      link.release();
      await wait_for_moves(white, 5);
      assert.deepEqual(link.moves_sent(), ["E5", "E6", "A1", "C3"]);
      assert.deepEqual(black.problems, []);
    } finally {
      await close_all(black, white);
    }
  });
}

// The page's socket opens only when the test says so: until then the page
// shows "Connecting…". `sent` keeps the page's requests.
function gated_route() {
  const link = { sent: [] };
  let open;
  const gate = new Promise((resolve) => { open = resolve; });
  link.open = open;
  link.prepare = (page) => page.routeWebSocket(/\/ws$/, async (socket) => {
    await gate;
    const upstream = socket.connectToServer();
    socket.onMessage((frame) => {
      link.sent.push(JSON.parse(frame));
      upstream.send(frame);
    });
    upstream.onMessage((frame) => socket.send(frame));
  });
  return link;
}

for (const [label, device, action] of [["phone", phone, "register"], ["desktop", desktop, "login"]]) {
  test(`${action} pressed while connecting is sent once the link is up (${label})`, async () => {
    const name = `early_${label}`;
    const password = "early-password";
    if (action === "login") {
      const first = await open_client(browser, server.url);
      await register(first, name, password);
      await close_all(first);
    }
    const link = gated_route();
    // The login comes with a kept session that no longer holds: its resume
    // must not undo the new login.
    const prepare = async (page) => {
      await link.prepare(page);
      if (action === "login") {
        await page.addInitScript(() => {
          if (!localStorage.getItem("yunzi.token")) localStorage.setItem("yunzi.token", "stale-session-token");
        });
      }
    };
    const page = await open_client(browser, server.url, { ...device, prepare });
    try {
      await page.waitForSelector("#banner:not([hidden])", { timeout });
      assert.equal(await page.textContent("#banner"), "Connecting…");
      await page.fill("#auth-name", name);
      await page.fill("#auth-password", password);
      await page.click(action === "login" ? "#login-button" : "#register-button");
      // Pressed again while waiting: still one request.
      await page.press("#auth-password", "Enter");
      assert.equal(await page.locator(".notice.error").count(), 0, "not refused as not connected");
      link.open();
      await page.waitForSelector(`#my-profile:has-text("${name}")`, { timeout });
      assert.deepEqual(link.sent.filter((r) => r.type === action).map((r) => r.name), [name]);
      assert.equal(await page.locator(".notice.error").count(), 0);
      // The page keeps the new session: a reload resumes it.
      const kept = await page.evaluate(() => localStorage.getItem("yunzi.token"));
      assert.ok(kept && kept !== "stale-session-token", `the kept token: ${kept}`);
      await page.reload();
      await page.waitForSelector(`#my-profile:has-text("${name}")`, { timeout });
      assert.deepEqual(page.problems, []);
    } finally {
      await close_all(page);
    }
  });
}
