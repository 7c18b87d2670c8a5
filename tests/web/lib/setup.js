// The set-up every browser test file shares: before its tests, a real server
// with a fresh data directory and one Chromium; after them, both stopped.
// Each test file runs in its own process, so these bindings belong to the
// file that calls use_server_and_browser(); they are live: `server.url` and
// `browser` read what the before hook started.

import { before, after } from "node:test";
import assert from "node:assert/strict";
import { start_server } from "./server.js";
import { launch_browser } from "./browser.js";

export let server = null;
export let browser = null;

// server_options: for start_server ({admins}); browser_options: for
// launch_browser ({extra_args}); clean_exit: the server must end with exit
// code 0 (its log shown otherwise); ready: more set-up once both run (in the
// same hook: Node may run a file's before hooks at the same time).
export function use_server_and_browser({
  server_options = {}, browser_options = {}, clean_exit = false, ready = null,
} = {}) {
  before(async () => {
    server = await start_server(server_options);
    browser = await launch_browser(browser_options);
    if (ready) await ready();
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) {
      const code = await server.stop();
      if (clean_exit) assert.equal(code, 0, `server exit code; log:\n${server.log.join("")}`);
    }
  });
}
