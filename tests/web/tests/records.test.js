// A finished game's page links to its record: the SGF, and the text diagram
// and SVG picture of the move shown (fetched and read back), and saves the
// position shown as a PNG download (checked by its signature and size),
// under a Content-Security-Policy that allows the page's own origin only.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { open_client, save_screenshot } from "../lib/browser.js";
import {
  register, challenge, accept_challenge, wait_for_game_page, click_vertex, wait_for_moves, wait_for_stones,
} from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const moves = ["E5", "C3", "D4"];
const png_signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

use_server_and_browser({
  // A page answered by the test (route.fulfill, to add the policy) has no
  // local address to Chromium, which would then refuse its WebSocket to
  // 127.0.0.1.
  browser_options: { extra_args: ["--disable-features=LocalNetworkAccessChecks"] },
  clean_exit: true,
});

// The policy the page must work under: its own origin only (the page's
// icon is a data: URL).
const policy = "default-src 'self'; img-src 'self' data:";

async function under_policy(page, url) {
  await page.addInitScript(() => {
    window.policy_violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.policy_violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.context().route(url, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": policy } });
  });
  await page.reload();
}

function count(text, needle) {
  return text.split(needle).length - 1;
}

test("a finished game's SGF, text diagram, SVG picture and PNG of the move shown", async () => {
  const alice = await open_client(browser, server.url);
  const bob = await open_client(browser, server.url);
  try {
    await under_policy(alice, server.url);
    await register(alice, "alice");
    await register(bob, "bob");
    await challenge(alice, "bob");
    const game = await accept_challenge(bob);
    assert.equal(await wait_for_game_page(alice), game);
    for (let i = 0; i < moves.length; i++) {
      await click_vertex(i % 2 === 0 ? alice : bob, moves[i]);
      for (const page of [alice, bob]) await wait_for_moves(page, i + 1);
    }
    await bob.click("#resign-button");
    await alice.waitForSelector('#game-result:has-text("B+R")', { timeout: 15000 });

    // Back one move: the links follow the position shown.
    await alice.click("#nav-back");
    assert.deepEqual(await wait_for_stones(alice, { E5: "black", C3: "white" }), { C3: "white", E5: "black" });
    await alice.waitForSelector(`#record-txt[href="/games/${game}.txt?move=2"]`, { timeout: 15000 });
    assert.equal(await alice.getAttribute("#record-sgf", "href"), `/games/${game}.sgf`);
    assert.equal(await alice.getAttribute("#record-svg", "href"), `/games/${game}.svg?move=2`);

    const fetch_link = async (selector) => {
      const href = await alice.getAttribute(selector, "href");
      const reply = await alice.request.get(new URL(href, server.url).href);
      assert.equal(reply.status(), 200, `${selector} ${href}`);
      return { type: reply.headers()["content-type"], body: await reply.text() };
    };
    const sgf = await fetch_link("#record-sgf");
    assert.match(sgf.type, /^application\/x-go-sgf/);
    assert.match(sgf.body, /;B\[ee\]/);
    assert.match(sgf.body, /RE\[B\+R\]/);
    const txt = await fetch_link("#record-txt");
    assert.equal(txt.type, "text/plain; charset=utf-8");
    assert.match(txt.body, /^alice \(B\) vs bob \(W\), move 2 of 3, result B\+R\n/);
    assert.match(txt.body, / 3 \. \.\(O\)\. \. \. \+ \. \. 3\n/, "White's C3 is the last move shown");
    assert.doesNotMatch(txt.body, / 4 \. \. \. X/, "D4 is not played yet");
    const svg = await fetch_link("#record-svg");
    assert.equal(svg.type, "image/svg+xml");
    assert.match(svg.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal(count(svg.body, 'class="black"'), 1);
    assert.equal(count(svg.body, 'class="white"'), 1);
    assert.equal(count(svg.body, 'class="last-move"'), 1);

    const [download] = await Promise.all([
      alice.waitForEvent("download", { timeout: 15000 }),
      alice.click("#record-png"),
    ]);
    assert.equal(download.suggestedFilename(), `yunzi-${game}-move-2.png`);
    const png = await readFile(await download.path());
    assert.deepEqual([...png.subarray(0, 8)], png_signature, "a PNG file");
    assert.equal(png.toString("latin1", 12, 16), "IHDR");
    assert.equal(png.readUInt32BE(16), 600, "as wide as the server's picture");
    assert.equal(png.readUInt32BE(20), 600);
    assert.equal(await alice.textContent(".record-problem"), "");
    await save_screenshot(alice, "records");

    assert.deepEqual([...alice.problems, ...bob.problems], [], "no script errors in the page");
    assert.deepEqual(await alice.evaluate(() => window.policy_violations), [], "nothing the policy refused");
    // The policy is in force: an inline script does not run.
    assert.equal(await alice.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inline_ran = true;";
      document.head.append(script);
      return Boolean(window.inline_ran);
    }), false, "an inline script ran");
  } finally {
    for (const page of [alice, bob]) await page.context().close();
  }
});
