// A player's page: rank, wins and losses, the current rank block as marks and
// in words, the rank graph and history, the rated results by the opponent's
// rank and the list of games with SGF downloads; the problem rating with
// the attempts and problems solved; plain "none yet" texts for a new player.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { user_badges, format_date } from "./format.js";
import { error_text } from "./error_text.js";
import { rank_graph, opponent_table, block_row } from "./profile_charts.js";
import { rated_results, game_mark } from "./record_stats.js";
import * as proto from "./protocol.js";

// rank_progress in words: where the player stands in the block, and how far
// promotion and demotion are.
export function progress_words(progress) {
  if (!progress) return [];
  const lines = [t("progress_block", {
    block: progress.block_size, games: progress.games, wins: progress.wins, losses: progress.losses,
  })];
  const wins_needed = progress.wins_to_promote - progress.wins;
  lines.push(wins_needed > 0 ? t("progress_up", { n: wins_needed }) : t("progress_up_reached"));
  const losses_left = progress.losses_to_demote - progress.losses;
  if (losses_left > 0) lines.push(t("progress_down", { n: losses_left }));
  return lines;
}

function player_cell(player) {
  return h("a", { href: `#/user/${encodeURIComponent(player.name)}`, text: `${player.name} ${player.rank}` });
}

export function mount_profile(container, app, name) {
  const head = h("div", { class: "profile-head" }, h("p", { class: "loading", text: t("loading") }));
  const history = h("tbody");
  const games = h("tbody");
  const graph = h("div", { class: "rank-graph-box" });
  const opponents = h("div");
  const problems = h("p", { id: "profile-problem-stats" });
  const problems_panel = h("section", { class: "panel", id: "profile-problems", hidden: true },
    h("h2", {}, h("a", { href: "#/problems", text: t("profile_problems") })), problems);
  const profile = h("div", { class: "profile", "data-user": name },
    h("section", { class: "panel" }, head),
    problems_panel,
    h("section", { class: "panel" }, h("h2", { text: t("results_by_opponent") }),
      h("p", { class: "hint", text: t("results_by_opponent_hint") }), opponents),
    h("section", { class: "panel" }, h("h2", { text: t("rank_history") }), graph,
      h("table", { class: "history" },
        h("thead", {}, h("tr", {}, h("th", { text: t("date") }), h("th", { text: t("change") }), h("th", { text: t("reason") }))),
        history)),
    h("section", { class: "panel" }, h("h2", { text: t("game_list") }),
      h("table", { class: "game-table" },
        h("thead", {}, h("tr", {},
          h("th", { text: "#" }), h("th", { text: t("black") }), h("th", { text: t("white") }),
          h("th", { text: t("size") }), h("th", { text: t("result_col") }), h("th", { text: t("date") }), h("th", { text: t("sgf") }))),
        games)));
  container.append(profile);

  // Without the notice pop-ups of app.request: a missing player gets one
  // not-found page, other failures one line.
  const load = async () => {
    const [info, hist, list] = await Promise.all([
      app.connection.request(proto.user_info(name)),
      app.connection.request(proto.user_history(name, 100)),
      app.connection.request(proto.user_games(name, 100)),
    ]);
    const results = rated_results(list.games, info.user.name);
    replace_children(head,
      h("h1", {}, info.user.name, " ", h("span", { class: "rank big", id: "profile-rank", text: info.user.rank }), ...user_badges(info.user)),
      h("p", { text: `${t("wins_losses", { wins: info.wins, losses: info.losses })} · ${info.online ? t("online") : t("offline")}` }),
      app.store.state.user && app.store.state.user.name !== info.user.name
        ? h("p", {}, h("a", { id: "message-user", href: `#/messages/${encodeURIComponent(info.user.name)}`, text: t("send_message") }))
        : null,
      h("div", { class: "progress", id: "rank-progress" },
        block_row(info.rank_progress, results),
        progress_words(info.rank_progress).map((line) => h("p", { text: line }))));
    replace_children(graph, rank_graph(hist.history, info.user.rank));
    replace_children(opponents, opponent_table(results));
    replace_children(history, hist.history.map((event) => h("tr", {},
      h("td", { text: format_date(event.at) }),
      h("td", { text: `${event.from} → ${event.to}` }),
      h("td", {}, t(`rank_reason_${event.reason}`), event.game ? [" ", h("a", { href: `#/game/${event.game}`, text: `#${event.game}` })] : null))));
    const mark_cell = (game, mark) => h("td", { class: "result-cell" },
      mark ? h("span", { class: `game-mark ${mark}`, text: t(`game_mark_${mark}`) }) : null, game.result || "");
    const row = (game, mark) => h("tr", { "data-game": game.game, "data-mark": mark ?? "" },
      h("td", {}, h("a", { href: `#/game/${game.game}`, text: String(game.game) })),
      h("td", {}, player_cell(game.black)),
      h("td", {}, player_cell(game.white)),
      h("td", { text: `${game.size}×${game.size}${game.rated ? "" : ` (${t("friendly")})`}` }),
      mark_cell(game, mark),
      h("td", { text: format_date(game.ended_at) }),
      h("td", {}, h("a", { class: "sgf-link", href: `/games/${game.game}.sgf`, download: `yunzi-${game.game}.sgf`, text: t("sgf") })));
    replace_children(games, list.games.map((game) => row(game, game_mark(game, info.user.name))));
    if (!list.games.length) games.append(h("tr", {}, h("td", { colspan: "7", class: "empty", id: "no-games", text: t("no_games_yet") })));
    history.closest("table").hidden = !hist.history.length;
  };

  // Apart from the rest: a server without the problem library leaves the panel out.
  const load_problems = async () => {
    const stats = await app.connection.request(proto.problem_stats(name)).catch(() => null);
    if (!stats) return;
    problems.textContent = t("profile_problem_stats", {
      rating: Math.round(stats.rating), deviation: Math.round(stats.deviation), attempts: stats.attempts, solved: stats.solved,
    });
    problems_panel.hidden = false;
  };

  let loaded = false;
  const update = (state) => {
    if (loaded || state.status !== "open") return;
    loaded = true;
    load_problems();
    load().catch((err) => {
      if (err.code === "not_found") {
        profile.replaceWith(h("section", { class: "panel not-found", id: "not-found" },
          h("h1", { text: t("user_not_found", { name }) }),
          h("a", { href: "#/", class: "button", text: t("back_to_lobby") })));
      } else {
        replace_children(head, h("p", { class: "error", text: error_text(err) }));
      }
    });
  };
  update(app.store.state);
  return { update, destroy() {} };
}

