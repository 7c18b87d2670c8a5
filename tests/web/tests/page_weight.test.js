// The first visit's weight: a phone opening the site for the first time
// fetches the page, its stylesheet, the early theme script and one script
// holding every module (the server joins them), each compressed, and the
// login form works from that one script. At most 10 requests and 150 KB on
// the wire; a second visit revalidates each file and moves no body. The
// time on a slow link is a benchmark (bench/web/page_load.js), not a test.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

use_server_and_browser();

const phone = { viewport: { width: 390, height: 844 }, device: { hasTouch: true, isMobile: true } };

// Every HTTP request the page makes, with what it cost on the wire once done.
function record_requests(page) {
  page.requests_done = [];
  page.on("requestfinished", async (request) => {
    const response = await request.response();
    const sizes = await request.sizes();
    page.requests_done.push({
      url: new URL(request.url()).pathname,
      status: response ? response.status() : 0,
      encoding: response ? (await response.allHeaders())["content-encoding"] || "" : "",
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  });
}

async function settled(page, shown) {
  await page.waitForLoadState("load");
  await page.locator(shown).first().waitFor({ state: "visible", timeout: 15000 });
  await page.waitForTimeout(300);  // requestfinished handlers are asynchronous
  return page.requests_done;
}

test("a first visit on a phone: few requests, compressed, and a login form that works", async () => {
  const page = await open_client(browser, server.url, { locale: "zh-CN", ...phone, prepare: record_requests });
  try {
    const requests = await settled(page, "form.auth-form");
    const total = requests.reduce((sum, r) => sum + r.bytes, 0);
    const listing = requests.map((r) => `${r.url} ${r.status} ${r.encoding} ${r.bytes}`).join("\n");
    console.log(`first visit: ${requests.length} requests, ${total} bytes\n${listing}`);
    assert.ok(requests.length <= 10, `at most 10 requests:\n${listing}`);
    assert.ok(total <= 150 * 1024, `at most 150 KB:\n${listing}`);
    const scripts = requests.filter((r) => r.url.endsWith(".js"));
    assert.deepEqual(scripts.map((r) => r.url).sort(), ["/js/main.js", "/js/theme_early.js"], listing);
    for (const file of ["/js/main.js", "/css/style.css"]) {
      assert.equal(requests.find((r) => r.url === file)?.encoding, "gzip", `${file} compressed:\n${listing}`);
    }

    // The joined script runs the whole client: the form registers a player.
    await register(page, "weigh_in");
    await save_screenshot(page, "page-weight-phone");
    assert.deepEqual(page.problems, []);

    // A second visit asks again for each file and gets no script or style
    // back: a few hundred bytes a request (Chromium may fetch the small page
    // itself again).
    page.requests_done = [];
    await page.goto(server.url);
    const again = await settled(page, "#my-profile");
    const listing_again = again.map((r) => `${r.url} ${r.status} ${r.bytes}`).join("\n");
    const fetched = again.filter((r) => r.status !== 304 && r.url !== "/").map((r) => r.url);
    assert.deepEqual(fetched, [], `revalidated, not fetched:\n${listing_again}`);
    assert.ok(again.reduce((sum, r) => sum + r.bytes, 0) < 4096, listing_again);
  } finally {
    await page.context().close();
  }
});
