// A tournament's page: its settings, where the latest round stands (a
// waiting round's countdown), registering and withdrawing, the entrants by
// group, the pairings of any round and the standings with the cross-table.
// Everything is read again when a round starts (the tournament.round event,
// to entrants) or the user is paired (tournament.pairing), when one of its
// games ends (game.end for a game the user follows, lobby.game_removed for
// any other), when a new game appears in the lobby while no game of the
// latest round is in progress (a next round, for a viewer who is not in it)
// and, while it runs, now and then.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { error_text } from "./error_text.js";
import { system_name, status_name, round_of, round_state, round_state_text } from "./tournament_format.js";
import { countdown } from "./countdown.js";
import { settings_list, entrants_by_group, pairings_table, standings_tables } from "./tournament_tables.js";
import { login_needed } from "./tournament_list_view.js";
import * as proto from "./protocol.js";
import { Event } from "./protocol.js";

const running_refresh_ms = 30000;
const settle_ms = 1000;
const settle_tries_max = 10;

export function mount_tournament(container, app, tournament_id) {
  const head = h("div", { class: "tournament-head" }, h("p", { class: "loading", text: t("loading") }));
  const actions = h("div", { class: "tournament-actions actions" });
  const problem = h("p", { class: "error tournament-error", role: "alert", hidden: true });
  const settings = h("div");
  const entrants = h("div");
  const round_select = h("select", { id: "round-select", "aria-label": t("round"), onchange: () => {
    follow_latest = Number(round_select.value) === info.round;
    load_pairings(Number(round_select.value));
  } });
  const pairings = h("div", { class: "pairings-slot" });
  const standings = h("div", { class: "standings-slot" });
  const sections = [
    h("section", { class: "panel" }, h("h2", { text: t("settings") }), settings),
    h("section", { class: "panel", id: "tournament-entrants" }, h("h2", { text: t("entrants") }), entrants),
    h("section", { class: "panel", id: "tournament-pairings" },
      h("div", { class: "section-head" }, h("h2", { text: t("pairings") }),
        h("label", { class: "field check" }, t("round"), " ", round_select)),
      pairings),
    h("section", { class: "panel", id: "tournament-standings" }, h("h2", { text: t("standings") }), standings),
  ];
  for (const section of sections) section.hidden = true;
  const page = h("div", { class: "tournament-page", "data-tournament": tournament_id },
    h("section", { class: "panel" }, head, actions, problem), ...sections);
  container.append(page);

  let info = null; // the tournament.info reply's tournament
  let entrant_list = [];
  let shown_round = 0;
  let follow_latest = true; // the round selector moves on with new rounds
  const games = new Set(); // the games of the rounds loaded, to hear of their end
  let loaded_for = null;
  let gone = false;
  let reloading = null;
  let reload_again = false;
  let timer = null;
  let actions_key = null;
  let stale = false;
  let latest_done = false; // no game of the latest paired round is in progress
  let latest_decided = false; // every pairing of the latest round has its result
  let result_missing = false; // a game known to have ended still shows as pending
  const ended = new Set(); // games heard to have ended
  let settle_tries = 0;

  // A request about this tournament: proto.tournament_info, _standings, ...
  const ask = (build, ...args) => app.connection.request(build(tournament_id, ...args));

  function show_problem(err) {
    problem.hidden = !err;
    problem.textContent = err ? error_text(err) : "";
  }

  // "Round 2 starts in 0:45" (counting down), "Round 2 in play", ...
  function round_state_line() {
    const state = round_state(info, latest_decided);
    if (!state) return null;
    const round = info.round;
    const attrs = { id: "round-state", class: `round-state ${state}`, "data-state": state, "data-round": round };
    if (state === "waiting") {
      return countdown(info.next_round_ms, (left, left_ms) => round_state_text(state, round, left, left_ms), "p", attrs);
    }
    return h("p", { ...attrs, text: round_state_text(state, round) });
  }

  function render_head() {
    replace_children(head,
      h("h1", { id: "tournament-name", text: info.name }),
      h("p", { class: "tournament-summary" },
        h("span", { class: `status ${info.status}`, id: "tournament-status", "data-status": info.status, text: status_name(info.status) }),
        ` · ${system_name(info.system)} · `,
        h("span", { id: "tournament-round", "data-round": info.round, text: round_of(info) }),
        ` · ${t("entrants_n", { n: info.entrants })}`),
      round_state_line());
  }

  // Drawn again only when what it shows changes, so a click is never lost
  // to a new button.
  function render_actions(state) {
    const me = state.user && state.user.name;
    const entry = info && me ? entrant_list.find((e) => e.name === me) : null;
    const active = Boolean(entry) && (entry.withdrawn_after === null || entry.withdrawn_after === undefined);
    const key = info && me && info.status !== "finished" ? `${me}|${active}|${entry ? entry.group : ""}|${info.status}` : "";
    if (key === actions_key) return;
    actions_key = key;
    if (!key) {
      replace_children(actions);
      return;
    }
    const act = (build, button) => {
      button.disabled = true;
      show_problem(null);
      ask(build).then(() => reload(), (err) => { show_problem(err); actions_key = null; reload(); });
    };
    const button = active
      ? h("button", { id: "withdraw-button", class: "danger", text: t("withdraw"), onclick: (e) => act(proto.tournament_withdraw, e.target) })
      : h("button", { id: "register-tournament", text: t("register_tournament"), onclick: (e) => act(proto.tournament_register, e.target) });
    replace_children(actions, active ? h("span", { class: "entered", text: t("you_are_entered", { group: entry.group }) }) : null, button);
  }

  function render_rounds() {
    const options = [];
    for (let n = info.round; n >= 1; n--) options.push(h("option", { value: n, text: t("round_short", { n }), selected: n === shown_round }));
    replace_children(round_select, options);
    round_select.disabled = info.round === 0;
  }

  // `known`: the round's tournament.pairings reply when it is in hand.
  async function load_pairings(round, known = null) {
    shown_round = round;
    if (round === 0) {
      replace_children(pairings, h("p", { class: "empty", text: t("no_pairings") }));
      return;
    }
    const reply = known ?? await ask(proto.tournament_pairings, round).catch((err) => ({ error: err }));
    if (gone || shown_round !== round) return;
    if (reply.error) {
      replace_children(pairings, h("p", { class: "error", text: error_text(reply.error) }));
      return;
    }
    for (const p of reply.pairings) if (p.game !== null) games.add(p.game);
    replace_children(pairings, pairings_table(reply.pairings));
    pairings.dataset.round = String(round);
  }

  async function load_all() {
    const [details, table] = await Promise.all([ask(proto.tournament_info), ask(proto.tournament_standings)]);
    if (gone) return;
    info = details.tournament;
    entrant_list = details.entrants;
    if (follow_latest || shown_round > info.round) shown_round = info.round;
    // The latest round's games, also when an earlier round is shown.
    let latest = null;
    if (info.round > 0) {
      latest = await ask(proto.tournament_pairings, info.round);
      if (gone) return;
      for (const p of latest.pairings) if (p.game !== null) games.add(p.game);
      latest_done = latest.pairings.every((p) => p.result !== "pending" || p.game === null);
      latest_decided = latest.pairings.every((p) => p.result !== "pending");
      result_missing = latest.pairings.some((p) => p.result === "pending" && ended.has(p.game));
    } else {
      latest_done = true;
      latest_decided = false;
      result_missing = false;
    }
    render_head();
    render_actions(app.store.state);
    replace_children(settings, settings_list(info));
    replace_children(entrants, entrants_by_group(info, entrant_list));
    render_rounds();
    replace_children(standings, standings_tables(info, table.standings, table.round));
    standings.dataset.round = String(table.round);
    for (const section of sections) section.hidden = false;
    await load_pairings(shown_round, shown_round === info.round ? latest : null);
    page.dataset.loaded = String(Number(page.dataset.loaded || 0) + 1);
    settle_or_schedule();
  }

  function show_missing() {
    gone = true;
    page.replaceWith(h("section", { class: "panel not-found", id: "not-found" },
      h("h1", { text: t("tournament_not_found", { id: tournament_id }) }),
      h("a", { href: "#/tournaments", class: "button", text: t("back_to_tournaments") })));
  }

  // One reload at a time; changes meanwhile ask for one more after it.
  function reload() {
    if (gone) return;
    if (reloading) {
      reload_again = true;
      return;
    }
    reloading = load_all().catch((err) => {
      if (err.code === "not_found" && !info) show_missing();
      else if (!info) replace_children(head, h("p", { class: "error", text: error_text(err) }));
    }).finally(() => {
      reloading = null;
      if (reload_again) {
        reload_again = false;
        reload();
      }
    });
  }

  // The tournament records a game's result, pairs the next round and
  // finishes a moment after the game ends: while the page has heard of an
  // end it does not show yet, or every game of a running tournament's latest
  // round has ended, it reads again shortly (a few times).
  function settle_or_schedule() {
    const unsettled = info.status === "running" && (latest_decided || result_missing);
    if (unsettled && settle_tries < settle_tries_max) {
      settle_tries++;
      clearTimeout(timer);
      timer = setTimeout(reload, settle_ms);
      return;
    }
    schedule_refresh();
  }

  // While the tournament runs, a round start for a viewer who is not in it
  // (no tournament.round event) is found by reading again now and then, and
  // at the announced start of a waiting round.
  function schedule_refresh() {
    clearTimeout(timer);
    if (gone || !info || info.status !== "running") return;
    const until_next = info.next_round_ms ? info.next_round_ms - Date.now() + 1000 : Infinity;
    timer = setTimeout(reload, Math.max(1000, Math.min(running_refresh_ms, until_next)));
  }

  // Something happened: read again, and allow a few more reads to settle.
  const changed = () => {
    settle_tries = 0;
    reload();
  };
  const game_ended = (e) => {
    if (!games.has(e.game)) return;
    ended.add(e.game);
    changed();
  };
  // A game new to the lobby while no game of the latest round is in
  // progress may be the next round's: read again (once per new game).
  const lobby_seen = new Set();
  const lobby_game = (e) => {
    if (lobby_seen.has(e.game)) return;
    lobby_seen.add(e.game);
    if (info && info.status !== "finished" && latest_done && !games.has(e.game)) changed();
  };
  const stop_listening = [
    app.connection.on(Event.lobby_game, lobby_game),
    app.connection.on(Event.tournament_round, (e) => { if (e.tournament === tournament_id) changed(); }),
    // The user's own pairing of a round paired ahead of its start: the page shows it waiting.
    app.connection.on(Event.tournament_pairing, (e) => { if (e.tournament === tournament_id) changed(); }),
    app.connection.on(Event.game_end, game_ended),
    app.connection.on(Event.lobby_game_removed, game_ended),
  ];
  app.watch_lobby();

  const update = (state) => {
    if (gone) return;
    render_actions(state);
    if (state.status !== "open") {
      stale = true; // events may have been missed: read everything again
      return;
    }
    if (!state.session_checked) return;
    const user = state.user ? state.user.name : "";
    if (user === loaded_for && !stale) return;
    stale = false;
    loaded_for = user;
    if (!user) {
      clearTimeout(timer);
      for (const section of sections) section.hidden = true;
      replace_children(head, login_needed());
      return;
    }
    reload();
  };
  update(app.store.state);
  return {
    update,
    destroy() {
      gone = true;
      clearTimeout(timer);
      for (const stop of stop_listening) stop();
      app.unwatch_lobby();
    },
  };
}
