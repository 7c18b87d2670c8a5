// The web client under its security headers: the page, its script and its
// stylesheet come with a Content-Security-Policy that allows only the site's
// own files and WebSocket, and the client works under it (styled, registers
// and plays over its WebSocket) without a single violation. An inline script
// and an inline style injected on purpose are blocked and reported, which
// shows the violation listener would have caught the client's own.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client } from "../lib/browser.js";
import { register, wait_for_game_page, wait_for_moves } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

use_server_and_browser({ clean_exit: true });

function check_security_headers(headers, what) {
  const policy = headers["content-security-policy"] || "";
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
                           "img-src 'self' data:", "frame-ancestors 'none'"]) {
    assert.ok(policy.includes(directive), `${what}: ${directive} in "${policy}"`);
  }
  assert.ok(!policy.includes("unsafe-inline") && !policy.includes("unsafe-eval"), `${what}: nothing unsafe`);
  assert.equal(headers["x-frame-options"], "DENY", what);
  assert.equal(headers["x-content-type-options"], "nosniff", what);
  assert.equal(headers["referrer-policy"], "no-referrer", what);
}

async function wait_for_violations(page, count) {
  for (let i = 0; i < 100 && page.csp_violations.length < count; ++i) await page.waitForTimeout(50);
  return page.csp_violations;
}

test("the client carries its security headers and runs under them without a violation", async () => {
  const grace = await open_client(browser, server.url);
  const henry = await open_client(browser, server.url);
  try {
    check_security_headers(grace.first_response.headers(), "index.html");
    for (const file of ["js/main.js", "css/style.css"]) {
      const response = await grace.request.get(new URL(file, server.url).href);
      assert.equal(response.status(), 200, file);
      check_security_headers(response.headers(), file);
    }

    // Styled by its own stylesheet, connected over its own WebSocket.
    await grace.waitForSelector(".site-header");
    const header_colour = await grace.$eval(".site-header", (element) => getComputedStyle(element).backgroundColor);
    assert.equal(header_colour, "rgb(59, 42, 20)");
    await register(grace, "grace");
    await register(henry, "henry");
    await grace.selectOption("#game-size", "9");
    await grace.uncheck("#game-rated");
    await grace.selectOption("#game-color", "black");
    await grace.selectOption("#game-clock", "none");
    await grace.click("#seek-button");
    await henry.click('#seek-list li:has-text("grace") .accept-seek', { timeout: 15000 });
    await wait_for_game_page(henry);
    await wait_for_game_page(grace);
    await grace.click('svg.board rect.hit[data-vertex="E5"]');
    await wait_for_moves(henry, 1);
    await henry.click("#resign-button");
    await grace.waitForSelector('#game-result:has-text("B+R")', { timeout: 15000 });

    assert.deepEqual([...grace.csp_violations, ...henry.csp_violations], []);
    assert.deepEqual([...grace.problems, ...henry.problems], []);

    // What the policy exists for: inline code and styles do not run.
    await grace.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inline_script_ran = true;";
      document.head.append(script);
      document.body.setAttribute("style", "background: red");
    });
    const violations = await wait_for_violations(grace, 2);
    assert.equal(await grace.evaluate(() => window.inline_script_ran), undefined);
    assert.notEqual(await grace.$eval("body", (body) => getComputedStyle(body).backgroundColor), "rgb(255, 0, 0)");
    assert.ok(violations.some((v) => v.startsWith("script-src")), violations.join("\n"));
    assert.ok(violations.some((v) => v.startsWith("style-src")), violations.join("\n"));
  } finally {
    await grace.context().close();
    await henry.context().close();
  }
});
