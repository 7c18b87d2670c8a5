// Text for the tournament objects the server sends: systems, status, the
// round start rule, the latest round's state, a pairing's result, a
// cross-table cell, the pairing toast.

import { t } from "./i18n.js";

export function system_name(system) {
  return t(`system_${system}`);
}

export function status_name(status) {
  return t(`tournament_${status}`);
}

// "round 1 of 5"; before the start "5 rounds".
export function round_of(tournament) {
  return tournament.round > 0
    ? t("round_x_of_y", { round: tournament.round, rounds: tournament.rounds })
    : t("rounds_n", { n: tournament.rounds });
}

function seconds_text(ms) {
  const s = Math.round(ms / 1000);
  if (s % 3600 === 0 && s > 0) return t("hours_n", { n: s / 3600 });
  if (s % 60 === 0 && s > 0) return t("minutes_n", { n: s / 60 });
  return t("seconds_n", { n: s });
}

export function round_start_text(tournament, format_date) {
  if (tournament.round_start === "fixed") {
    return t("round_start_fixed", { times: (tournament.round_times_ms || []).map((ms) => format_date(ms)).join(", ") });
  }
  return tournament.round_gap_ms > 0
    ? t("round_start_gap", { gap: seconds_text(tournament.round_gap_ms) })
    : t("round_start_done");
}

// Where the latest round stands: "waiting" (paired, its games come at
// `next_round_ms`), "playing", "done" (every result in, the next round or
// the end on its way), "finished"; null before the start. `decided`: every
// pairing of the latest round has its result.
export function round_state(tournament, decided) {
  if (tournament.status === "finished") return "finished";
  if (tournament.status !== "running" || tournament.round === 0) return null;
  if (tournament.next_round_ms) return "waiting";
  return decided ? "done" : "playing";
}

// The words of a round state; `left` the time to a waiting round's start
// ("0:45"), `left_ms` below or at 0 once it is due.
export function round_state_text(state, round, left, left_ms) {
  if (state === "waiting") return left_ms > 0 ? t("round_state_waiting", { round, left }) : t("round_state_starting", { round });
  return t(`round_state_${state}`, { round });
}

export function no_show_text(tournament) {
  return seconds_text(tournament.no_show_ms);
}

// "1st 3 · 2nd 2 · 3rd 1" points; empty table: none.
export function bonus_text(bonus) {
  if (!bonus || bonus.length === 0) return t("bonus_none");
  return bonus.map((points, i) => t("bonus_place", { place: i + 1, points })).join(" · ");
}

export function band_text(group) {
  return group.min_rank === group.max_rank ? group.min_rank : `${group.min_rank}–${group.max_rank}`;
}

// A pairing's result in words: who won and, when not by play, how.
export function pairing_result(pairing) {
  if (pairing.result === "bye" || pairing.white === null) return t("bye");
  if (pairing.result === "pending") return pairing.game === null ? t("not_started") : t("playing_now");
  const words = t(`outcome_${pairing.result}`);
  return pairing.how && pairing.how !== "played" ? `${words} (${t(`how_${pairing.how}`)})` : words;
}

// One round of a player's cross-table line, as in the CSV export: the
// opponent's place, the result and the colour ("3+/b"); a pending game has
// "?"; a bye and a round without a game are named.
export function cross_cell(cell) {
  if (cell.result === "bye") return t("bye");
  if (!cell.result || cell.opponent_place === null || cell.opponent_place === undefined) return "–";
  return `${cell.opponent_place}${cell.result}/${cell.color}`;
}

// The toast's words for the user's own pairing of a new round (its game
// comes when the round starts).
export function pairing_text(pairing) {
  const name = pairing.name ?? `#${pairing.tournament}`;
  if (pairing.bye) return t("pairing_bye", { round: pairing.round, name });
  return t("pairing_game", {
    round: pairing.round, name, color: t(pairing.color === "black" ? "black" : "white"), opponent: pairing.opponent,
  });
}

// Points as the server sends them (0.5 steps), without a trailing ".0".
export function points(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(value * 4 % 2 === 0 ? 1 : 2);
}
