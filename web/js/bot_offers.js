// What a machine opponent offers (bot.list), without the DOM: a line that
// says what it plays, and the game settings a challenge to it starts from,
// within what it accepts (bots_view.js fills the new-game form with them).

import { rank_value } from "./record_stats.js";

// The clocks the form offers, in the order tried.
const clock_order = ["byoyomi", "fischer", "canadian", "absolute", "none"];

// The main time a clock starts from: ten minutes, within the bot's range.
function main_time(offer, wanted = 600) {
  return Math.max(offer.min_main_s ?? 0, Math.min(wanted, offer.max_main_s ?? wanted));
}

// A clock of the system that leaves the bot at least its time per move,
// within its main-time range; null when none can (an absolute clock gives
// a 60th of the main time a move, as the bot counts).
function clock_for(system, offer) {
  const per_move = offer.seconds_per_move || 0;
  const main_s = main_time(offer);
  switch (system) {
    case "byoyomi": return { system, main_s, periods: 3, period_s: Math.max(30, per_move) };
    case "fischer": return { system, main_s, increment_s: Math.max(10, per_move), max_s: Math.max(2 * main_s, 60) };
    case "canadian": return { system, main_s, stones: 25, period_s: Math.max(300, 25 * per_move) };
    case "absolute": {
      const absolute_s = main_time(offer, Math.max(1800, 60 * per_move));
      return absolute_s >= 60 * per_move ? { system, main_s: absolute_s } : null;
    }
    default: return { system: "none" };
  }
}

// Rated when this server lets bots play rated games (`rated_here`, from
// bot.list), the bot plays rated 19x19 games and the ranks are at most one
// step apart (the server's rule); a bot that plays only rated games is
// asked for one anyway, and the server says why not. Otherwise friendly,
// and a player more than a step below the bot takes a stone a step (at most
// nine, within what the bot accepts; the server seats the weaker as Black).
export function settings_for_bot(bot, my_rank, rated_here = true) {
  const offer = bot.offer || {};
  const sizes = offer.sizes || [19];
  const size = sizes.includes(19) ? 19 : Math.max(...sizes);
  const mine = rank_value(my_rank);
  const theirs = rank_value(bot.rank);
  const steps_below = mine !== null && theirs !== null ? theirs - mine : 0;
  const rated = Boolean(offer.rated) && (!offer.unrated || (rated_here && size === 19 && Math.abs(steps_below) <= 1));
  const low = offer.min_handicap ?? 0;
  const high = offer.max_handicap ?? 9;
  const wanted = rated ? 0 : steps_below >= 2 ? Math.min(steps_below, 9) : 0;
  const handicap = Math.min(Math.max(wanted, low), high);
  const time = clock_order.filter((s) => (offer.clocks || clock_order).includes(s))
    .map((s) => clock_for(s, offer)).find((clock) => clock !== null) ?? { system: "none" };
  return {
    size, rated, handicap,
    komi: handicap > 0 ? 0.5 : 7.5,
    color: "auto",
    time,
  };
}

// "9×9, 19×19 · rated or friendly · 5 s a move at least", in the reader's words (t).
export function describe_offer(offer, t) {
  const sizes = offer.sizes.map((s) => `${s}×${s}`).join(", ");
  const kinds = offer.rated && offer.unrated ? t("bot_rated_or_friendly") : offer.rated ? t("rated") : t("friendly");
  return [sizes, kinds, t("bot_per_move", { n: offer.seconds_per_move })].join(" · ");
}
