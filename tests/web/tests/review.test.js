// The machine's review on a finished game's page, at phone and desktop
// sizes: a player asks for it, sees it wait, the real yunzi-analyzer (with
// the stand-in kata-analyze engine, whose figures are known: Black's
// chance falls by 0.3 with the fifth move) reviews it, and the page shows
// the graph (a click goes to that move) and the biggest mistake, which opens
// the position before it with the engine's line to try.

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { save_screenshot } from "../lib/browser.js";
import { start_game, click_vertex, wait_for_moves, wait_for_stones, close_all } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";
import { start_analyzer, built_program } from "../lib/server.js";

const timeout = 20000;
const worker = { name: "reviewer", password: "reads-every-move" };
use_server_and_browser({ server_options: { bots: [worker] } });

const phone = { viewport: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true }, locale: "zh-CN" };
const desktop = { viewport: { width: 1366, height: 768 } };
const analyzers = [];
after(async () => { for (const analyzer of analyzers) await analyzer.stop(); });

for (const [name, device] of [["phone", phone], ["desktop", desktop]]) {
  test(`a finished game's review on the ${name}: asked, waited for, a graph and the biggest mistake`, async () => {
    const { black, white } = await start_game(browser, server.url, [`rv_b_${name}`, `rv_w_${name}`], {}, [device, {}]);
    try {
      const moves = [[black, "E5"], [white, "C3"], [black, "G7"], [white, "C7"], [black, "G3"], [white, "E3"]];
      for (const [i, [page, vertex]] of moves.entries()) {
        await click_vertex(page, vertex);
        await wait_for_moves(black, i + 1);
      }
      await white.click("#resign-button");
      await black.waitForSelector('.game-page[data-phase="ended"]', { timeout });
      await black.waitForSelector("#result-dialog:not([hidden])", { timeout });
      await black.click("#result-close");

      await black.waitForSelector("#review-ask:not([hidden])", { timeout });
      await black.click("#review-ask");
      await black.waitForFunction(() => /2|0/.test(document.querySelector("#review-status").textContent) &&
        document.querySelector("#review-ask").hidden, null, { timeout });
      const waiting = await black.textContent("#review-status");
      assert.match(waiting, name === "phone" ? /等待 gnugo/ : /Waiting for gnugo/);

      analyzers.push(start_analyzer(server.url, worker, ["--engine-name", "gnugo", "--visits", "100", "--engine",
        `${built_program("tests/e2e/analyzer/yunzi-standin-kata")} --swing 5`]));
      await black.waitForSelector("#review-graph polyline", { timeout });
      assert.match(await black.textContent("#review-status"), name === "phone" ? /复盘完成/ : /Reviewed by gnugo, 7 positions/);
      const points = (await black.getAttribute("#review-graph polyline", "points")).trim().split(/\s+/);
      assert.equal(points.length, 7);

      // The one move that lost: Black's fifth, G3; the engine would have played A1 (then C1).
      const rows = black.locator("#review-mistakes .review-mistake");
      assert.equal(await rows.count(), 1);
      const row = await rows.first().textContent();
      assert.match(row, name === "phone" ? /第 5 手，黑 G3：胜率 −19%；AI 推荐 A1/ : /Move 5, Black G3: −19% to win; the engine plays A1/);
      const box = await black.locator("#review").boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= device.viewport.width + 1, "the panel fits the screen");
      await save_screenshot(black, `review-${name}`);
      // The game's SGF with the review as comments, one a position.
      const href = await black.getAttribute("#review-sgf", "href");
      const sgf = await (await fetch(new URL(href, server.url))).text();
      assert.equal((sgf.match(/C\[gnugo: Black [0-9.]+%/g) || []).length, 7, sgf);
      assert.match(sgf, /;B\[gg\][^;]*C\[gnugo: Black 25\.0%, B\+2\.5 · best A1 C1\]/);

      await rows.first().click();
      await black.waitForSelector("#trial-bar:not([hidden])", { timeout });
      assert.deepEqual(await wait_for_stones(black, { E5: "black", C3: "white", G7: "black", C7: "white", A1: "black", C1: "white" }),
        { A1: "black", C1: "white", C3: "white", C7: "white", E5: "black", G7: "black" });

      // A click on the graph's middle goes to the middle of the game, the line tried left.
      const graph = await black.locator("#review-graph").boundingBox();
      await black.mouse.click(graph.x + graph.width / 2, graph.y + graph.height / 2);
      await black.waitForSelector("#trial-bar", { state: "hidden", timeout });
      await wait_for_stones(black, { E5: "black", C3: "white", G7: "black" });
      assert.deepEqual(black.problems, []);
    } finally {
      await close_all(black, white);
    }
  });
}
