// One problem (#/problem/ID, 死活题): the goal in words over the board (only
// the part of it the problem uses), a click or tap to play (a finger taps
// twice, as in games), the server's answer on the board and at once the
// verdict, "Right!" or "Wrong" with the answer tree's words; Hint marks a
// right next move, Retry starts again, Next opens the following problem of
// the list it came from. The player's problem rating is shown, with the
// change a rated attempt made. An attempt left unfinished is resumed with
// its moves. Visitors see the problem and are asked to sign in to play.

import { h, replace_children } from "./dom.js";
import { t, has_text } from "./i18n.js";
import { BoardView } from "./board_view.js";
import { fit_board } from "./board_fit.js";
import { auth_panel } from "./auth_view.js";
import { error_text } from "./error_text.js";
import { play_sound } from "./sounds.js";
import { preference, on_preference_change } from "./preferences.js";
import { color_name } from "./format.js";
import { from_vertex } from "./vertex.js";
import {
  goal_text, theme_text, problem_position, view_region, may_play, attempt_note, answer_words, signed, problems_href,
  problem_href,
} from "./problem_logic.js";
import * as proto from "./protocol.js";

// The grid with one more stone: a move sent and not yet answered.
function with_stone(grid, vertex, color) {
  const point = from_vertex(vertex, grid.length);
  if (!point || grid[point.y][point.x]) return grid;
  const copy = grid.map((row) => [...row]);
  copy[point.y][point.x] = color;
  return copy;
}

export function mount_problem(container, app, problem_id, theme) {
  let problem = null;
  let attempt = null;
  let sent = null; // the vertex of a move sent: drawn half-transparent, no more moves until its answer
  let answer = null; // {outcome, comment} of the latest move answered on this page
  let hint = null; // the vertex a hint marked, until the next move
  let hint_used = false;
  let rating = null; // the player's problem rating: {rating, deviation, change?}
  let missing = false;
  let busy = false; // a Hint, Retry or Next on its way

  const user_name = () => (app.store.state.user ? app.store.state.user.name : null);
  const refuse = (err) => app.notify(error_text(err, "problem"), "error", { of_view: true });
  const board = new BoardView({ label: (size) => t("board_label", { size }), on_play: (vertex) => play(vertex) });
  const goal = h("h1", { class: "problem-goal-title", id: "problem-goal" });
  const title = h("p", { class: "problem-title", id: "problem-title" });
  const verdict = h("div", { class: "problem-verdict", id: "problem-verdict", role: "status", "aria-live": "polite" });
  const hint_button = h("button", { id: "problem-hint", text: t("problem_hint"), onclick: () => ask_hint() });
  const retry_button = h("button", { id: "problem-retry", text: t("problem_retry"), onclick: () => retry() });
  const next_button = h("button", { id: "problem-next", text: t("problem_next"), onclick: () => next() });
  const actions = h("div", { class: "actions problem-actions" }, hint_button, retry_button, next_button);
  const rating_line = h("p", { class: "problem-rating", id: "problem-rating", hidden: true });
  const note = h("p", { class: "hint problem-note", id: "problem-note" });
  const facts = h("p", { class: "problem-facts", id: "problem-facts" });
  const comment = h("p", { class: "board-comment", id: "problem-comment", hidden: true });
  const login = h("section", { class: "panel problem-login", id: "problem-login", hidden: true });
  const message = h("p", { class: "loading", text: t("loading") });
  const board_wrap = h("div", { class: "board-wrap" }, board.svg);
  const page = h("div", { class: "problem-page", "data-problem": problem_id },
    h("div", { class: "board-column" },
      goal, title, h("div", { class: "problem-board-box" }, board_wrap), verdict, actions, rating_line, note),
    h("div", { class: "side-column" },
      h("section", { class: "panel problem-info" }, message, facts, comment,
        h("p", {}, h("a", { id: "problem-back", href: problems_href(theme), text: t("problem_back") }))),
      login));
  container.append(page);
  window.scrollTo(0, 0);
  // The verdict and the buttons are seen with the board, on a phone too.
  const fitting = fit_board(board_wrap, () => [actions, rating_line],
    () => [document.getElementById("header"), goal, title, verdict, actions, rating_line]);

  function show_missing() {
    if (missing) return;
    missing = true;
    fitting.stop();
    page.replaceWith(h("section", { class: "panel not-found", id: "not-found" },
      h("h1", { text: t("problem_not_found", { id: problem_id }) }),
      h("a", { href: problems_href(theme), class: "button", text: t("problem_back") })));
  }

  // The sign-in form for a visitor, on this page so the problem stays.
  function render_login(signed_in) {
    login.hidden = signed_in;
    if (signed_in) login.replaceChildren();
    else if (!login.firstChild) login.append(h("p", { class: "hint", text: t("problem_login") }), auth_panel(app));
  }

  function ask_to_sign_in() {
    app.notify(t("problem_login_to_play"), "info", { of_view: true });
    login.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function render_verdict(signed_in, color, marked) {
    const state = attempt ? attempt.state : "none";
    const said = answer && answer.comment ? h("span", { class: "problem-answer", text: answer.comment }) : null;
    verdict.className = `problem-verdict ${state === "solved" ? "right" : state === "failed" ? "wrong" : "playing"}`;
    if (state === "solved" || state === "failed") {
      replace_children(verdict, h("strong", { text: t(state === "solved" ? "problem_right" : "problem_wrong") }), said);
    } else if (!signed_in) {
      replace_children(verdict, t("problem_login_to_play"));
    } else if (sent) {
      replace_children(verdict, t("problem_checking"));
    } else {
      replace_children(verdict, said, h("span", { text: t("problem_your_move", { color: color_name(color) }) }),
        marked ? h("span", { class: "problem-hint-text", text: t("problem_hint_shown") }) : null);
    }
  }

  function render_rating(signed_in) {
    rating_line.hidden = !signed_in || !rating;
    if (rating_line.hidden) return;
    const change = Number.isFinite(rating.change) ? rating.change : null;
    replace_children(rating_line,
      t("problem_rating", { rating: Math.round(rating.rating), deviation: Math.round(rating.deviation) }),
      change === null ? null : [" ", h("span", {
        class: `rating-change ${change > 0 ? "up" : change < 0 ? "down" : "even"}`, id: "problem-rating-change",
        text: t("problem_rating_change", { change: signed(change) }),
      })]);
  }

  function render() {
    if (!problem || missing) return;
    message.hidden = true;
    const signed_in = Boolean(user_name());
    const color = problem.to_move === "white" ? "white" : "black";
    const moves = attempt ? attempt.moves : [];
    const position = problem_position(problem, moves);
    const playable = may_play(signed_in, attempt, sent);
    const marked = playable && hint && from_vertex(hint, problem.size) ? hint : null;
    board.render({
      size: problem.size,
      grid: sent ? with_stone(position.grid, sent, color) : position.grid,
      last: position.last,
      sent,
      region: view_region(problem, [...moves, ...(sent ? [sent] : []), ...(marked ? [marked] : [])]),
      hint: marked,
      passed: position.last && position.last.vertex === "pass" ? position.last.color : null,
      pass_label: (who) => t("pass_note", { color: t(who) }),
      dead: new Set(),
      owner: null,
      preview: playable ? color : null,
      interactive: playable,
      numbers: preference("move_numbers") ? position.numbers : null,
      coordinates: preference("coordinates"),
      confirm_touch: preference("confirm_touch"),
    });
    render_verdict(signed_in, color, marked);
    render_rating(signed_in);
    render_login(signed_in);
    const over = Boolean(attempt) && attempt.state !== "playing";
    hint_button.hidden = !signed_in || over;
    retry_button.hidden = !signed_in || !attempt || (!over && !attempt.moves.length);
    retry_button.classList.toggle("pressed", over);
    for (const button of [hint_button, retry_button, next_button]) button.disabled = busy || Boolean(sent);
    const counts = signed_in ? attempt_note(problem, attempt, hint_used) : null;
    note.textContent = counts ? t(`problem_${counts}`) : "";
    // Plain facts about what is shown, for scripts and tests reading the page.
    Object.assign(page.dataset, { state: attempt ? attempt.state : "none", moves: moves.length, toMove: color });
  }

  // What does not change while the problem is solved: its title, grade, themes and text.
  function render_about() {
    goal.textContent = goal_text(problem, t);
    title.textContent = [problem.title || t("problem_number", { id: problem.id }), problem.grade].filter(Boolean).join(" · ");
    const themes = (problem.themes || []).map((name) => theme_text(name, t, has_text));
    facts.textContent = [t("problem_number", { id: problem.id }),
      themes.length ? t("problem_theme_list", { themes: themes.join(", ") }) : null].filter(Boolean).join(" · ");
    comment.textContent = problem.comment || "";
    comment.hidden = !comment.textContent;
  }

  async function play(vertex) {
    if (!problem || missing) return;
    if (!user_name()) {
      ask_to_sign_in();
      return;
    }
    if (!may_play(true, attempt, sent) || busy) return;
    sent = vertex;
    answer = null;
    render();
    try {
      const reply = await app.connection.request(proto.problem_move(problem_id, vertex));
      attempt = reply.attempt;
      answer = { outcome: reply.outcome, comment: answer_words(reply.comment) };
      hint = null;
      hint_used = false; // the attempt's own `hinted` says it from now on
      if (reply.rating) rating = reply.rating;
      if (reply.reply) play_sound(reply.reply === "pass" ? "pass" : "stone");
    } catch (err) {
      refuse(err);
      // Moved or over elsewhere (another tab): show the attempt as the server has it.
      if (err.code === "wrong_phase" || err.code === "conflict") load();
    } finally {
      sent = null;
      render();
    }
  }

  // A Hint, Retry or Next: one at a time, and none while a move waits for its answer.
  async function act(action) {
    if (busy || sent || !problem) return;
    busy = true;
    render();
    try {
      await action();
    } catch (err) {
      refuse(err);
    } finally {
      busy = false;
      render();
    }
  }

  function ask_hint() {
    if (attempt_note(problem, attempt, hint_used) === "rated" && !window.confirm(t("problem_hint_confirm"))) return;
    act(async () => {
      const reply = await app.connection.request(proto.problem_hint(problem_id));
      if (!reply.move) {
        app.notify(t("problem_hint_none"));
        return;
      }
      hint = reply.move;
      hint_used = true;
    });
  }

  // Starting again in the middle of a rated attempt gives it up: it is rated as failed.
  function retry() {
    const gives_up = Boolean(attempt) && attempt.state === "playing" && attempt.rated &&
      (attempt.moves.length > 0 || attempt.hinted || hint_used);
    if (gives_up && !window.confirm(t("problem_retry_confirm"))) return;
    act(async () => {
      const reply = await app.connection.request(proto.problem_retry(problem_id));
      attempt = reply.attempt;
      answer = null;
      hint = null;
      hint_used = false;
      if (gives_up) await read_rating(user_name(), true);
    });
  }

  function next() {
    act(async () => {
      const fields = { after: problem_id, limit: 1 };
      if (theme) fields.theme = theme;
      const reply = await app.connection.request(proto.problem_list(fields));
      if (reply.problems.length) location.hash = problem_href(reply.problems[0].id, theme);
      else app.notify(t("problem_last"));
    });
  }

  let read_for; // the player the problem was read for; undefined before the first reading
  async function load() {
    const name = user_name();
    read_for = name;
    try {
      const reply = await app.connection.request(proto.problem_get(problem_id));
      if (read_for !== name) return; // another login reads it again
      problem = reply.problem;
      attempt = reply.attempt ?? null;
      answer = null;
      hint = null;
      hint_used = false;
      render_about();
      render();
    } catch (err) {
      if (err.code === "not_found") show_missing();
      else if (err.code !== "disconnected") message.textContent = error_text(err, "problem");
      return;
    }
    if (name) await read_rating(name, false);
  }

  // The player's problem rating as the server has it; `changed`: after an
  // attempt given up, with the change from the rating shown before.
  async function read_rating(name, changed) {
    const stats = await app.connection.request(proto.problem_stats(name)).catch(() => null);
    if (!stats || read_for !== name) return;
    if (changed && rating) rating = { rating: stats.rating, deviation: stats.deviation, change: stats.rating - rating.rating };
    // A change seen meanwhile stays with the rating it came with.
    else if (!rating || !Number.isFinite(rating.change)) rating = { rating: stats.rating, deviation: stats.deviation };
    render();
  }

  const stops = [app.each_session(load), on_preference_change(() => render())];
  return {
    update(state) {
      const name = state.user ? state.user.name : null;
      if (read_for === undefined || state.status !== "open" || name === read_for) return;
      rating = null;
      load();
    },
    destroy() {
      fitting.stop();
      for (const stop of stops) stop();
    },
  };
}
