// The settings a challenge to a machine opponent starts from: within what
// the bot accepts (its sizes, clocks, time per move, main time, handicaps),
// rated only when the server's rule allows it (19x19, ranks at most one step
// apart), otherwise a stone a step for a player far below the bot.

import { test } from "node:test";
import assert from "node:assert/strict";
import { settings_for_bot, describe_offer } from "../../../web/js/bot_offers.js";

const offer = {
  engine: "GNU Go 3.8", strength: "level 1", sizes: [9, 13, 19], rated: true, unrated: true,
  min_handicap: 0, max_handicap: 9, clocks: ["fischer", "byoyomi"], seconds_per_move: 45, max_main_s: 300, max_games: 2,
};

test("a bot's settings: its largest board, byo-yomi first, periods as long as it needs", () => {
  const settings = settings_for_bot({ name: "easy", rank: "12k", offer }, "11k");
  assert.equal(settings.size, 19);
  assert.equal(settings.rated, true);
  assert.deepEqual(settings.time, { system: "byoyomi", main_s: 300, periods: 3, period_s: 45 });
  assert.equal(settings.komi, 7.5);
  assert.equal(settings.color, "auto");
});

test("friendly when the ranks are two steps apart, the bot plays no 19x19 or the server lets bots play no rated games", () => {
  assert.equal(settings_for_bot({ name: "easy", rank: "12k", offer }, "11k", false).rated, false);
  assert.equal(settings_for_bot({ name: "easy", rank: "12k", offer }, "10k").rated, false);
  assert.equal(settings_for_bot({ name: "easy", rank: "1k", offer }, "1d").rated, true);
  const small = settings_for_bot({ name: "small", rank: "12k", offer: { ...offer, sizes: [9, 13] } }, "12k");
  assert.equal(small.size, 13);
  assert.equal(small.rated, false);
  // A bot of rated games only is asked for one; the server says why not.
  assert.equal(settings_for_bot({ name: "r", rank: "3k", offer: { ...offer, unrated: false } }, "10k").rated, true);
});

test("the other clocks leave the bot its time per move too", () => {
  const with_clocks = (clocks) => settings_for_bot({ name: "b", rank: "5k", offer: { ...offer, clocks } }, "5k").time;
  assert.deepEqual(with_clocks(["fischer"]), { system: "fischer", main_s: 300, increment_s: 45, max_s: 600 });
  assert.equal(with_clocks(["canadian"]).period_s, 25 * 45);
  // An absolute clock gives a 60th of its main time a move: 45 s a move needs 45 min, beyond this bot's 5 min.
  assert.deepEqual(with_clocks(["absolute"]), { system: "none" });
  assert.deepEqual(with_clocks(["absolute", "fischer"]).system, "fischer");
  const long_games = { ...offer, clocks: ["absolute"], max_main_s: 36000 };
  assert.deepEqual(settings_for_bot({ name: "b", rank: "5k", offer: long_games }, "5k").time, { system: "absolute", main_s: 2700 });
  // A bot's least main time is kept.
  const slow = { ...offer, clocks: ["byoyomi"], min_main_s: 1200, max_main_s: 3600 };
  assert.equal(settings_for_bot({ name: "b", rank: "5k", offer: slow }, "5k").time.main_s, 1200);
  assert.deepEqual(with_clocks(["none"]), { system: "none" });
});

test("a player far below the bot takes a stone a step, within what the bot accepts", () => {
  const against = (rank, mine, limits = {}) => settings_for_bot({ name: "b", rank, offer: { ...offer, ...limits } }, mine);
  assert.equal(against("10k", "15k").handicap, 5);
  assert.equal(against("10k", "15k").komi, 0.5);
  assert.equal(against("10k", "15k").rated, false);
  assert.equal(against("3d", "18k").handicap, 9);
  assert.equal(against("10k", "15k", { max_handicap: 3 }).handicap, 3);
  // Stronger than the bot, or a step apart: even.
  assert.equal(against("15k", "10k").handicap, 0);
  assert.equal(against("15k", "10k").komi, 7.5);
  assert.equal(against("10k", "11k").handicap, 0);
  // A bot that wants stones given gets at least those.
  assert.equal(against("5k", "5k", { min_handicap: 2, rated: false }).handicap, 2);
});

test("an offer in a line", () => {
  const t = (key, params) => ({ rated: "rated", friendly: "friendly", bot_rated_or_friendly: "rated or friendly",
    bot_per_move: `at least ${params?.n} s a move` })[key];
  assert.equal(describe_offer(offer, t), "9×9, 13×13, 19×19 · rated or friendly · at least 45 s a move");
  assert.equal(describe_offer({ ...offer, rated: false, sizes: [9] }, t), "9×9 · friendly · at least 45 s a move");
});
