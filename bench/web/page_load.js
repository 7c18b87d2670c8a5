// The first visit on a slow link: how long until a new visitor sees the
// login form, with Chromium's network emulation adding a round trip of
// LATENCY_MS (default 600: 300 ms each way) to every request, and with
// DOWN_KBPS a download rate (kbit/s; default none). Two ways of
// serving the same web/ directory, measured in the same run, alternating:
//   server:   yunzi-server (the modules joined into one script, text gzipped);
//   modules:  a plain static server of web/ as it is (one request per module,
//             nothing compressed), the baseline.
// Prints each run and the medians, and the ratio server/modules.
//
//   node bench/web/page_load.js [server-binary] [runs]
// Needs tests/web's packages (cd tests/web && npm ci) and Chromium.

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "../../tests/web/node_modules/playwright-core/index.mjs";
import { start_server, repo_root } from "../../tests/web/lib/server.js";

const binary = process.argv[2] || path.join(repo_root, "build/release-bench/server/yunzi-server");
const runs = Number(process.argv[3] || 5);
const latency_ms = Number(process.env.LATENCY_MS || 600);
const down_bytes_per_s = process.env.DOWN_KBPS ? Number(process.env.DOWN_KBPS) * 125 : -1;
process.env.YUNZI_SERVER = binary;

const types = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript" };

// web/ file by file, as a server without a build step sends it.
function start_module_server() {
  const root = path.join(repo_root, "web");
  const http = createServer(async (request, response) => {
    const target = new URL(request.url, "http://x").pathname;
    const file = path.join(root, target === "/" ? "index.html" : target);
    if (!file.startsWith(root)) return response.writeHead(400).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${http.address().port}/`,
    stop: () => new Promise((done) => http.close(done)),
  })));
}

async function first_visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false, latency: latency_ms, downloadThroughput: down_bytes_per_s, uploadThroughput: -1,
  });
  let requests = 0;
  let bytes = 0;
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes();
    requests += 1;
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  const start = Date.now();
  await page.goto(url);
  await page.locator("form.auth-form").first().waitFor({ state: "visible", timeout: 120000 });
  const ms = Date.now() - start;
  await page.waitForTimeout(200);
  await context.close();
  return { ms, requests, bytes };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const browser = await chromium.launch({
  executablePath: process.env.YUNZI_CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"],
});
const yunzi = await start_server();
const modules = await start_module_server();
const results = { server: [], modules: [] };
try {
  for (let run = 0; run < runs; ++run) {
    for (const [name, url] of [["server", yunzi.url], ["modules", modules.url]]) {
      const visit = await first_visit(browser, url);
      results[name].push(visit);
      console.log(`${name} run ${run + 1}: login form at ${visit.ms} ms, ${visit.requests} requests, ${visit.bytes} bytes`);
    }
  }
} finally {
  await browser.close();
  await yunzi.stop();
  await modules.stop();
}
const summary = {};
for (const [name, visits] of Object.entries(results)) {
  summary[name] = median(visits.map((v) => v.ms));
  const last = visits[visits.length - 1];
  console.log(`${name}: median ${summary[name]} ms, ${last.requests} requests, ${last.bytes} bytes`);
}
const rate = down_bytes_per_s < 0 ? "" : `, ${process.env.DOWN_KBPS} kbit/s down`;
console.log(`round trip ${latency_ms} ms${rate}: server / modules = ${(summary.server / summary.modules).toFixed(2)}`);
