// The spectator list on the game page: the players and every watcher see
// who watches, by name (a link to the profile), with those watching without
// an account counted apart, as people come and go.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, wait_for_game_page, start_game } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 15000;
use_server_and_browser();

const names = (page) => page.$$eval("#spectator-list a[data-name]", (links) => links.map((a) => a.dataset.name));

async function wait_for_list(page, expected, extra) {
  try {
    await page.waitForFunction(([want, text]) => {
      const shown = [...document.querySelectorAll("#spectator-list a[data-name]")].map((a) => a.dataset.name);
      const line = document.querySelector("#spectator-list .spectator-extra");
      return JSON.stringify(shown) === JSON.stringify(want) && (line.hidden ? "" : line.textContent) === text;
    }, [expected, extra], { timeout });
  } catch {
    // the assertion below shows the difference
  }
  assert.deepEqual(await names(page), expected);
  const line = page.locator("#spectator-list .spectator-extra");
  assert.equal(await line.isHidden() ? "" : await line.textContent(), extra);
}

test("the game page lists who watches, live, with anonymous watchers counted apart", async () => {
  const { black, white, game } = await start_game(browser, server.url, ["sp1", "sp2"]);
  const zoe = await open_client(browser, server.url);
  const carl = await open_client(browser, server.url);
  let anonymous;
  try {
    await wait_for_list(black, [], "Nobody is watching.");
    await register(zoe, "zoe");
    await register(carl, "carl");
    for (const page of [zoe, carl]) {
      await page.goto(`${server.url}#/game/${game}`);
      await wait_for_game_page(page);
    }
    await wait_for_list(black, ["carl", "zoe"], "");
    assert.equal(await black.textContent("#spectator-list h2"), "Watching (2)");
    await wait_for_list(zoe, ["carl", "zoe"], "");

    anonymous = await open_client(browser, `${server.url}#/game/${game}`);
    await wait_for_game_page(anonymous);
    await wait_for_list(white, ["carl", "zoe"], "1 without an account");
    assert.equal(await white.textContent("#spectator-list h2"), "Watching (3)");
    await wait_for_list(anonymous, ["carl", "zoe"], "1 without an account");
    await save_screenshot(white, "spectator-list");

    // Leaving the page stops watching.
    await carl.click(".brand");
    await wait_for_list(black, ["zoe"], "1 without an account");
    assert.equal(await black.getAttribute('#spectator-list a[data-name="zoe"]', "href"), "#/user/zoe");
    for (const page of [black, white, zoe, carl, anonymous]) assert.deepEqual(page.problems, []);
  } finally {
    for (const page of [black, white, zoe, carl, ...(anonymous ? [anonymous] : [])]) await page.context().close();
  }
});
