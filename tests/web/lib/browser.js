// Debian's Chromium, headless, driven by playwright-core. Each launch gets a
// fresh profile directory from Playwright; each client is its own context
// (its own cookies and localStorage), like a separate person.

import { chromium } from "playwright-core";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { repo_root } from "./server.js";

export const artifacts_dir = path.join(repo_root, "build", "web-artifacts");

// extra_args: more Chromium switches for one test file.
export async function launch_browser({ extra_args = [] } = {}) {
  await mkdir(artifacts_dir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.YUNZI_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ...extra_args,
    ],
  });
}

// A page in a new context; browser console errors and page errors are kept
// so a test can show them when it fails. Content-Security-Policy violations
// are reported by the page itself (securitypolicyviolation events, on every
// document the page loads) into page.csp_violations, and count as problems.
// device: more context options, e.g. {hasTouch: true, isMobile: true} for a phone.
// prepare(page): runs before the page loads, e.g. to see or route its WebSocket.
export async function open_client(browser, url, {
  locale = "en-US", viewport = { width: 1100, height: 900 }, device = {}, prepare = null,
} = {}) {
  const context = await browser.newContext({ locale, viewport, ...device });
  const page = await context.newPage();
  page.problems = [];
  page.csp_violations = [];
  await page.exposeFunction("yunzi_report_csp_violation", (text) => {
    page.csp_violations.push(text);
    page.problems.push(`csp: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      window.yunzi_report_csp_violation(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}` +
                                        ` at ${event.sourceFile || "?"}:${event.lineNumber}`);
    });
  });
  page.on("pageerror", (err) => page.problems.push(`pageerror: ${err.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") page.problems.push(`console: ${message.text()}`);
  });
  page.on("dialog", (dialog) => dialog.accept());
  if (prepare) await prepare(page);
  page.first_response = await page.goto(url);
  return page;
}

// The board alone as NAME.png and the whole page as NAME-page.png.
export async function save_screenshot(page, name) {
  const board = page.locator("svg.board");
  if (await board.count()) await board.screenshot({ path: path.join(artifacts_dir, `${name}.png`) });
  await page.screenshot({ path: path.join(artifacts_dir, `${name}-page.png`), fullPage: true });
}

// For prepare: keeps every frame the server sends the page, parsed, in
// page.frames_received (all its sockets, reconnections included).
export function record_frames(page) {
  page.frames_received = [];
  page.on("websocket", (socket) => socket.on("framereceived", ({ payload }) => {
    try {
      page.frames_received.push(JSON.parse(payload));
    } catch {
      // not JSON: not a protocol frame
    }
  }));
}
