// The profile's pictures of a player's record, built from what the server
// sends (no extra requests): the rank graph from user.history, the results
// against stronger, equal and weaker opponents from user.games, and the
// current rank block as a row of win/loss marks from user.info rank_progress.
// The counting is in record_stats.js.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { format_date } from "./format.js";
import { rank_value, rank_name, results_by_opponent, block_marks } from "./record_stats.js";

// The rank over time: a step line from the first change's old rank to the
// current rank now, one dot per change (its date and ranks as a tooltip).
export function rank_graph(history, current_rank, now = Date.now()) {
  const events = [...history].filter((e) => rank_value(e.from) !== null && rank_value(e.to) !== null)
    .sort((a, b) => a.at - b.at || a.id - b.id);
  if (!events.length) return h("p", { class: "empty", id: "no-rank-changes", text: t("no_rank_changes", { rank: current_rank }) });
  const points = [{ at: events[0].at, value: rank_value(events[0].from) }];
  for (const event of events) points.push({ at: event.at, value: rank_value(event.to), event });
  const end = Math.max(now, points[points.length - 1].at);
  const current = rank_value(current_rank);
  points.push({ at: end, value: current ?? points[points.length - 1].value });
  const values = points.map((p) => p.value);
  const low = Math.min(...values) - 1;
  const high = Math.max(...values) + 1;
  const width = 600, height = 200, left = 44, right = 12, top = 10, bottom = 26;
  const span = Math.max(1, end - points[0].at);
  const x = (at) => left + ((at - points[0].at) / span) * (width - left - right);
  const y = (value) => top + ((high - value) / (high - low)) * (height - top - bottom);
  let d = `M${x(points[0].at)} ${y(points[0].value)}`;
  for (const point of points.slice(1)) d += `H${x(point.at)}V${y(point.value)}`;
  const step = high - low > 10 ? 2 : 1;
  const grid = [];
  for (let value = low + 1; value < high; value += step) {
    grid.push(s("line", { class: "rank-grid", x1: left, x2: width - right, y1: y(value), y2: y(value) }));
    grid.push(s("text", { class: "rank-label", x: left - 6, y: y(value), text: rank_name(value) }));
  }
  const dots = points.filter((p) => p.event).map((p) => s("circle", {
    class: `rank-point ${p.event.reason}`, cx: x(p.at), cy: y(p.value), r: 4,
    "data-rank": p.event.to, "data-at": p.event.at,
  }, s("title", { text: `${format_date(p.at)}: ${p.event.from} → ${p.event.to} (${t(`rank_reason_${p.event.reason}`)})` })));
  return s("svg", {
    class: "rank-graph", id: "rank-graph", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("rank_graph_label", { from: rank_name(points[0].value), to: current_rank, changes: events.length }),
  },
  grid,
  s("path", { class: "rank-line", d }),
  dots,
  s("text", { class: "date-label start", x: left, y: height - 6, text: format_date(points[0].at) }),
  s("text", { class: "date-label end", x: width - right, y: height - 6, text: format_date(end) }));
}

export function opponent_table(results) {
  if (!results.length) return h("p", { class: "empty", id: "no-rated-games", text: t("no_rated_games") });
  const groups = results_by_opponent(results);
  return h("table", { class: "opponent-results", id: "opponent-results" },
    h("thead", {}, h("tr", {}, h("th", { text: t("opponent_rank") }), h("th", { text: t("wins") }),
      h("th", { text: t("losses") }), h("th", { text: t("win_share") }))),
    h("tbody", {}, ["stronger", "equal", "weaker"].map((group) => {
      const { wins, losses } = groups[group];
      const share = wins + losses ? `${Math.round((100 * wins) / (wins + losses))}%` : "–";
      return h("tr", { "data-group": group },
        h("th", { scope: "row", text: t(`opponent_${group}`) }),
        h("td", { class: "wins", text: String(wins) }),
        h("td", { class: "losses", text: String(losses) }),
        h("td", { class: "share", text: share }));
    })));
}

export function block_row(progress, results) {
  const marks = block_marks(progress, results);
  if (!marks.length) return null;
  const labels = { win: t("mark_win"), loss: t("mark_loss"), open: "·" };
  return h("div", { class: "block-marks", id: "block-marks", role: "img",
    "aria-label": t("progress_block", { block: progress.block_size, games: progress.games, wins: progress.wins, losses: progress.losses }) },
  marks.map((mark) => h("span", { class: `block-mark ${mark}`, "data-mark": mark, text: labels[mark] })));
}
