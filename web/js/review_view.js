// The machine's review on a finished game's page (AI 复盘): ask for it, see
// it wait and run, then a graph of who was ahead move by move (a click goes
// to that move) and the biggest mistakes, each opening the position before
// it with the engine's line played on as moves to try (试下).

import { h, s, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import * as proto from "./protocol.js";
import { Event } from "./protocol.js";
import { error_text } from "./error_text.js";
import { move_colors } from "./position.js";
import { graph_values, biggest_mistakes, review_measure } from "./review_logic.js";

const width = 100;
const height = 36;

export class ReviewView {
  // go_to(move): show the game after `move` moves; try_line(from, vertices):
  // moves to try from there.
  constructor(app, game_id, { go_to, try_line }) {
    this.app = app;
    this.game_id = game_id;
    this.go_to = go_to;
    this.try_line = try_line;
    this.review = undefined; // undefined: not read yet; null: nobody asked
    this.problem = "";
    this.model = null;
    this.shown = 0;
    this.status = h("p", { class: "review-status", id: "review-status", role: "status" });
    this.ask_button = h("button", { id: "review-ask", text: t("review_ask"), onclick: () => this.ask() });
    this.graph = s("svg", { class: "review-graph", id: "review-graph", viewBox: `0 0 ${width} ${height}`,
      preserveAspectRatio: "none", role: "img", "aria-label": t("review_graph") });
    this.graph.addEventListener("click", (event) => this.on_graph_click(event));
    this.note = h("p", { class: "hint", id: "review-note" });
    this.sgf = h("a", { id: "review-sgf", class: "button", href: `/games/${game_id}.review.sgf`,
      download: `yunzi-${game_id}-review.sgf`, text: t("review_sgf") });
    this.list = h("ol", { class: "review-mistakes", id: "review-mistakes" });
    this.mistakes_title = h("h3", { class: "review-mistakes-title", id: "review-mistakes-title", text: t("review_mistakes") });
    this.element = h("section", { class: "panel review", id: "review", hidden: true },
      h("h2", { text: t("review_title") }), this.status, this.ask_button, this.graph, this.note, this.mistakes_title,
      this.list, this.sgf);
    const on_news = (event) => {
      if (event.game !== this.game_id) return;
      if (event.type === Event.analysis_done && event.status === "done") this.load();
      else this.review = { ...(this.review || {}), ...event };
      this.draw();
    };
    this.stops = [app.connection.on(Event.analysis_progress, on_news), app.connection.on(Event.analysis_done, on_news)];
  }

  update(model, shown) {
    this.element.hidden = model.phase !== "ended";
    if (this.element.hidden) return;
    this.model = model;
    this.shown = shown;
    if (this.review === undefined && !this.loading) this.load();
    this.draw();
  }

  async load() {
    this.loading = true;
    try {
      this.review = (await this.app.connection.request(proto.analysis_get(this.game_id))).analysis;
      this.problem = "";
    } catch (err) {
      if (err.code === "not_found") this.review = null;
      else this.problem = error_text(err);
    }
    this.loading = false;
    this.draw();
  }

  async ask() {
    try {
      this.review = (await this.app.request(proto.analysis_request(this.game_id))).analysis;
    } catch {
      return; // the refusal is shown as a notice
    }
    this.draw();
  }

  on_graph_click(event) {
    const count = this.review?.positions?.length ?? 0;
    if (count < 2) return;
    const box = this.graph.getBoundingClientRect();
    const fraction = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
    this.go_to(Math.round(fraction * (count - 1)));
  }

  draw() {
    const review = this.review;
    const done = review && review.status === "done" && Array.isArray(review.positions);
    this.ask_button.hidden = !(review === null || review?.status === "failed") || !this.app.store.state.user;
    this.status.textContent = this.problem || status_text(review);
    this.graph.style.display = done ? "" : "none";
    this.list.hidden = !done;
    this.mistakes_title.hidden = !done;
    this.note.hidden = !done;
    this.sgf.hidden = !done;
    if (!done || !this.model) return;
    const positions = review.positions;
    const measure = review_measure(positions);
    this.note.textContent = measure === "winrate" ? t("review_winrate_note") : t("review_score_note");
    this.draw_graph(positions);
    const colors = move_colors(this.model.handicap_stones, this.model.moves.length);
    const moves = this.model.moves.map((vertex, i) => ({ vertex, color: colors[i] }));
    const mistakes = biggest_mistakes(positions, moves);
    replace_children(this.list, ...mistakes.map((m) => h("li", {},
      h("button", { class: "link review-mistake", "data-move": m.move, text: t("review_mistake", {
        n: m.move, color: t(m.color), vertex: m.vertex === "pass" ? t("pass") : m.vertex,
        loss: measure === "winrate" ? t("review_loss_rate", { p: Math.round(m.loss * 100) })
          : t("review_loss_points", { p: m.loss.toFixed(1) }),
        best: m.best ?? "?",
      }), onclick: () => (m.line.length ? this.try_line(m.move - 1, m.line) : this.go_to(m.move - 1)) }))));
    if (!mistakes.length) this.list.append(h("li", { class: "empty", text: t("review_no_mistakes") }));
  }

  draw_graph(positions) {
    const values = graph_values(positions);
    const last = Math.max(1, values.length - 1);
    const x = (i) => (i / last) * width;
    const points = values.map((v, i) => (v === null ? null : `${x(i).toFixed(2)},${((1 - v) * height).toFixed(2)}`))
      .filter(Boolean).join(" ");
    replace_children(this.graph,
      s("rect", { class: "review-graph-back", x: 0, y: 0, width, height }),
      s("line", { class: "review-graph-even", x1: 0, y1: height / 2, x2: width, y2: height / 2 }),
      s("polyline", { class: "review-graph-line", points }),
      s("line", { class: "review-graph-shown", id: "review-graph-shown", x1: x(this.shown), y1: 0, x2: x(this.shown),
        y2: height }));
  }

  destroy() {
    for (const stop of this.stops) stop();
  }
}

function status_text(review) {
  if (review === undefined) return t("loading");
  if (review === null) return t("review_none");
  if (review.status === "queued") return t("review_queued", { n: review.queued_before ?? 0, engine: review.engine });
  if (review.status === "running") return t("review_running", { done: review.done, total: review.total, engine: review.engine });
  if (review.status === "failed") return t("review_failed", { reason: review.failure || "?" });
  return t("review_done", { engine: review.engine, total: review.total });
}
