// The parts of a tournament page built from the server's replies: the
// settings, the entrants by group, one round's pairings and the standings
// with the cross-table, group by group.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { describe_time, format_date } from "./format.js";
import {
  system_name, round_start_text, no_show_text, bonus_text, band_text, pairing_result, cross_cell, points,
} from "./tournament_format.js";

function player_link(name) {
  return h("a", { class: "player-link", href: `#/user/${encodeURIComponent(name)}`, text: name });
}

// The groups in the tournament's order, then any name only the rows use.
function group_order(tournament, rows) {
  const names = tournament.groups.map((g) => g.name);
  for (const row of rows) if (!names.includes(row.group)) names.push(row.group);
  return names;
}

function handicap_rule_text(tournament) {
  if (tournament.handicap_max === 0) return t("tournament_even_games");
  return t("tournament_handicaps", { reduction: tournament.handicap_reduction, max: tournament.handicap_max });
}

// A handicap game's stones beside its black player: "让先" or "2 stones".
function handicap_tag(handicap) {
  if (!handicap) return null;
  return h("span", { class: "pairing-handicap", text: ` (${t(handicap === 1 ? "handicap_1" : "handicap_n", { n: handicap })})` });
}

export function settings_list(tournament) {
  const s = tournament.settings;
  const item = (label, value, key) => [h("dt", { text: label }), h("dd", { "data-setting": key, text: value })];
  return h("dl", { class: "tournament-settings" },
    item(t("system"), system_name(tournament.system), "system"),
    item(t("rounds"), String(tournament.rounds), "rounds"),
    item(t("size"), `${s.size}×${s.size}`, "size"),
    item(t("komi"), String(s.komi), "komi"),
    item(t("clock"), describe_time(s.time), "clock"),
    item(t("rated"), s.rated ? t("yes") : t("no"), "rated"),
    item(t("groups"), tournament.groups.map((g) => `${g.name} (${band_text(g)})`).join(" · "), "groups"),
    item(t("round_start"), round_start_text(tournament, format_date), "round_start"),
    item(t("no_show"), no_show_text(tournament), "no_show"),
    item(t("bye_points"), points(tournament.bye_points), "bye_points"),
    item(t("bonus"), bonus_text(tournament.bonus), "bonus"),
    tournament.handicap_max === undefined ? null : item(t("handicap"), handicap_rule_text(tournament), "handicaps"),
    tournament.tie_breaks ? item(t("tie_breaks"), tournament.tie_breaks.map((name) => name.toUpperCase()).join(", "), "tie_breaks") : null,
    item(t("registration_closes"), format_date(tournament.registration_closes_ms), "registration_closes"),
    tournament.next_round_ms ? item(t("next_round"), format_date(tournament.next_round_ms), "next_round") : null);
}

export function entrants_by_group(tournament, entrants) {
  if (entrants.length === 0) return [h("p", { class: "empty", text: t("no_entrants") })];
  return group_order(tournament, entrants).map((group) => {
    const members = entrants.filter((e) => e.group === group);
    if (members.length === 0) return null;
    return h("div", { class: "entrant-group", "data-group": group },
      h("h3", { text: t("group_n", { name: group, n: members.length }) }),
      h("ul", { class: "entrants" }, members.map((e) => h("li", { "data-entrant": e.name },
        player_link(e.name), " ", h("span", { class: "rank", text: e.rank }),
        e.withdrawn_after !== null && e.withdrawn_after !== undefined
          ? h("span", { class: "withdrawn", text: ` (${t("withdrawn_after", { round: e.withdrawn_after })})` })
          : null))));
  });
}

export function pairings_table(pairings) {
  if (pairings.length === 0) return h("p", { class: "empty", text: t("no_pairings") });
  return h("div", { class: "table-scroll" }, h("table", { class: "pairings" },
    h("thead", {}, h("tr", {},
      h("th", { text: t("group") }), h("th", { text: t("black") }), h("th", { text: t("white") }),
      h("th", { text: t("result_col") }), h("th", { text: t("game") }))),
    h("tbody", {}, pairings.map((p) => h("tr", {
      "data-pairing": p.id, "data-result": p.result, "data-game": p.game ?? "",
    },
      h("td", { text: p.group }),
      h("td", {}, player_link(p.black), handicap_tag(p.handicap)),
      h("td", {}, p.white === null ? h("span", { class: "bye", text: t("bye") }) : player_link(p.white)),
      h("td", { class: "pairing-result", text: pairing_result(p) }),
      h("td", {}, p.game === null ? "" : h("a", { class: "pairing-game", href: `#/game/${p.game}`, text: `#${p.game}` })))))));
}

// The tie-breaks with a number of their own, in the tournament's order
// (wins has its column already; direct comparison is no number).
const tie_break_columns = ["sos", "sos-1", "sos-2", "mos", "sosos", "sodos"];
function shown_tie_breaks(tournament) {
  const chosen = tournament.tie_breaks || ["sos", "sosos", "sodos"];
  return chosen.filter((name) => tie_break_columns.includes(name));
}

// One table per group: place, player, score, the tournament's tie-breaks,
// bonus, and the player's cross-table line, one column per round; wide
// tables scroll in their own box.
export function standings_tables(tournament, standings, rounds) {
  if (standings.length === 0) return [h("p", { class: "empty", text: t("no_standings") })];
  const round_numbers = Array.from({ length: rounds }, (_, i) => i + 1);
  const tie_breaks = shown_tie_breaks(tournament);
  return group_order(tournament, standings).map((group) => {
    const rows = standings.filter((s) => s.group === group);
    if (rows.length === 0) return null;
    return h("div", { class: "standings-group", "data-group": group },
      h("h3", { text: group }),
      h("div", { class: "table-scroll cross-table-scroll" }, h("table", { class: "standings" },
        h("thead", {}, h("tr", {},
          h("th", { text: t("place") }), h("th", { text: t("name") }), h("th", { text: t("rank") }),
          h("th", { text: t("score") }), h("th", { text: t("wins") }),
          tie_breaks.map((name) => h("th", { text: name.toUpperCase() })), h("th", { text: t("bonus") }),
          round_numbers.map((n) => h("th", { class: "round-col", text: t("round_short", { n }) })))),
        h("tbody", {}, rows.map((s) => h("tr", { "data-player": s.name, "data-place": s.place },
          h("td", { class: "place", text: String(s.place) }),
          h("td", {}, player_link(s.name)),
          h("td", { class: "rank", text: s.rank }),
          h("td", { class: "score", text: points(s.score) }),
          h("td", { class: "wins", text: String(s.wins) }),
          tie_breaks.map((name) => h("td", { class: name, text: points(s[name]) })),
          h("td", { class: "bonus", text: String(s.bonus) }),
          round_numbers.map((n) => {
            const cell = s.rounds.find((c) => c.round === n) || { round: n, result: "" };
            return h("td", { class: "cross", "data-round": n, text: cross_cell(cell) });
          })))))));
  });
}
