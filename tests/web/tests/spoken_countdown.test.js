// The spoken countdown: with the voice chosen in the settings, the own
// clock's last seconds (byo-yomi: the last period; an absolute clock: its
// last 10 s) are spoken through speechSynthesis in the page's language
// instead of beeped; where the browser has no speech the beeps stay. Every
// call to speechSynthesis.speak is recorded by an init script.

import { test } from "node:test";
import assert from "node:assert/strict";
import { open_client, save_screenshot } from "../lib/browser.js";
import { register, challenge, accept_challenge, wait_for_game_page } from "../lib/client.js";
import { server, browser, use_server_and_browser } from "../lib/setup.js";

const timeout = 30000;
use_server_and_browser();

// Records what the page asks speechSynthesis to say (or takes speech away).
function speech_recorder(present) {
  window.spoken = [];
  if (!present) {
    Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
    return;
  }
  window.speechSynthesis.speak = (utterance) => window.spoken.push({ text: utterance.text, lang: utterance.lang });
  window.speechSynthesis.cancel = () => {};
}

async function client(locale, speech = true) {
  const page = await open_client(browser, server.url, { locale });
  await page.addInitScript(speech_recorder, speech);
  await page.reload();
  return page;
}

async function choose_voice(page) {
  await page.click("#settings-button");
  await page.check("#countdown-voice");
  await page.click("#settings-close");
}

// Black (`locale`) waits out its clock with the voice chosen; returns its page once the game is lost on time.
async function lose_on_time(names, locale, clock, speech = true) {
  const black = await client(locale, speech);
  const white = await client("en-US");
  await register(black, names[0]);
  await register(white, names[1]);
  await choose_voice(black);
  await choose_voice(white);
  await challenge(black, names[1], { clock });
  await accept_challenge(white);
  await wait_for_game_page(black);
  await black.waitForSelector('#game-result:has-text("W+T")', { timeout });
  return { black, white };
}

const spoken = (page) => page.evaluate(() => window.spoken.map((s) => ({ ...s })));
const counts = (page) => page.evaluate(() => window.yunzi.sounds_played.filter((n) => n.startsWith("count")).length);

// The words said, each second once and in order, ending with the last second.
function assert_countdown(words, all) {
  assert.ok(words.length >= 5, `most seconds are spoken: ${words.join(" ")}`);
  let place = all.indexOf(words[0]);
  assert.ok(place >= 0, `a countdown word: ${words[0]}`);
  for (const word of words.slice(1)) {
    const next = all.indexOf(word);
    assert.ok(next > place, `counting down: ${words.join(" ")}`);
    place = next;
  }
  assert.equal(words.at(-1), all.at(-1));
}

test("Chinese page: the last byo-yomi period is counted aloud in Chinese, with no beeps", async () => {
  const clock = { system: "byoyomi", main_min: 0, periods: 1, period_s: 12 };
  const { black, white } = await lose_on_time(["sp_zh1", "sp_zh2"], "zh-CN", clock);
  try {
    const said = await spoken(black);
    assert.ok(said.every((s) => s.lang === "zh-CN"), JSON.stringify(said));
    assert_countdown(said.map((s) => s.text), ["十", "九", "八", "七", "六", "五", "四", "三", "二", "一"]);
    assert.equal(await counts(black), 0, "spoken, not beeped");
    assert.deepEqual(await spoken(white), [], "the opponent's page says nothing");
    await black.click("#settings-button");
    assert.equal(await black.isChecked("#countdown-voice"), true);
    await save_screenshot(black, "spoken-countdown-settings");
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});

test("English page: an absolute clock's last 10 seconds are spoken in English", async () => {
  const clock = { system: "absolute", main_min: 0.2 };
  const { black, white } = await lose_on_time(["sp_en1", "sp_en2"], "en-US", clock);
  try {
    const said = await spoken(black);
    assert.ok(said.every((s) => s.lang === "en-US"), JSON.stringify(said));
    assert_countdown(said.map((s) => s.text),
      ["ten", "nine", "eight", "seven", "six", "five", "four", "three", "two", "one"]);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});

test("without speech synthesis the voice choice falls back to beeps", async () => {
  const clock = { system: "absolute", main_min: 0.2 };
  const { black, white } = await lose_on_time(["sp_no1", "sp_no2"], "en-US", clock, false);
  try {
    assert.ok(await counts(black) >= 5, "the seconds are beeped");
    assert.deepEqual(black.problems, []);
  } finally {
    for (const page of [black, white]) await page.context().close();
  }
});
