// A game page: players with clocks and captures, the board, move navigation
// (buttons and arrow keys), the record of the move shown (SGF, text, SVG,
// PNG), the controls and the chat. Works the same for
// the two players and for spectators; only what may be clicked differs.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { BoardView } from "./board_view.js";
import { ClockView } from "./clock_view.js";
import { ChatView } from "./chat_view.js";
import { SpectatorView } from "./spectator_view.js";
import { GameControls } from "./game_controls.js";
import { RecordLinks } from "./record_links.js";
import { replay, color_after } from "./position.js";
import { TrialLine } from "./trial_moves.js";
import { ReviewView } from "./review_view.js";
import { user_label } from "./format.js";
import { from_vertex } from "./vertex.js";
import { error_text } from "./error_text.js";
import { preference, set_preference, on_preference_change } from "./preferences.js";
import { estimate_marks, estimate_text } from "./estimate.js";
import { territory_owner } from "./territory.js";
import { other_color } from "./vertex.js";
import { ResultDialog } from "./result_dialog.js";
import { fit_board } from "./board_fit.js";
import * as proto from "./protocol.js";

function player_panel(color) {
  const name = h("span", { class: "player-name" });
  const captures = h("span", { class: "captures" });
  const clock = new ClockView(color);
  const element = h("div", { class: `player ${color}`, "data-color": color },
    h("span", { class: `stone-icon ${color}`, "aria-hidden": "true" }), name, captures, clock.element);
  return { element, name, captures, clock, shown_user: null };
}

// A copy of the grid with one more stone.
function with_stone(grid, point, color) {
  return grid.map((row, y) => (y === point.y ? row.map((c, x) => (x === point.x ? color : c)) : row));
}

export function mount_game(container, app, game_id) {
  const sessions = app.sessions;
  let at = null; // moves shown; null follows the game live
  let model = sessions.model(game_id);
  let my_color = null;
  // A move sent and not yet answered: {vertex, point, color, moves} (how
  // many moves the game had then). Its stone shows at once; more taps wait for the answer,
  // and a refusal takes the stone away again.
  let sent = null;
  // Moves tried on a finished game (试下), a TrialLine; leaving it or moving through the game ends it.
  let trial = null;

  const board = new BoardView({
    label: (size) => t("board_label", { size }),
    on_play: (vertex) => on_board_click(vertex),
  });
  const players = { black: player_panel("black"), white: player_panel("white") };
  const controls = new GameControls(app, game_id);
  const chat = new ChatView(app, game_id);
  const spectators = new SpectatorView();
  const records = new RecordLinks(game_id);
  const position_text = h("span", { class: "nav-position", id: "nav-position" });
  const nav_button = (id, label, symbol, action) => h("button", {
    id, class: "nav", title: label, "aria-label": label, text: symbol, onclick: () => { trial = null; action(); render(); },
  });
  const nav = h("div", { class: "move-nav" },
    nav_button("nav-first", t("first"), "«", () => { at = 0; }),
    nav_button("nav-back", t("back"), "◀", () => step(-1)),
    position_text,
    nav_button("nav-forward", t("forward"), "▶", () => step(1)),
    nav_button("nav-last", t("last"), "»", () => { at = null; }));
  const numbers_toggle = h("input", { id: "move-numbers-toggle", type: "checkbox", checked: preference("move_numbers"),
    onchange: () => set_preference("move_numbers", numbers_toggle.checked) });
  const coordinates_toggle = h("input", { id: "coordinates-toggle", type: "checkbox", checked: preference("coordinates"),
    onchange: () => set_preference("coordinates", coordinates_toggle.checked) });
  const board_options = h("div", { class: "board-options" },
    h("label", { class: "check" }, numbers_toggle, h("span", { text: t("move_numbers") })),
    h("label", { class: "check" }, coordinates_toggle, h("span", { text: t("coordinates") })));
  // Analysis for those who may have it: everyone once the game is over, the
  // spectators while it runs (never its players).
  let estimate_on = false;
  let estimate = null; // {move, result}
  let estimate_asked = null;
  const analyze = h("button", { id: "analyze-button", text: t("analyze"), onclick: () => open_analysis() });
  const estimate_toggle = h("button", { id: "estimate-toggle", "aria-pressed": "false", text: t("estimate"),
    onclick: () => { estimate_on = !estimate_on; render(); } });
  const estimate_result = h("p", { class: "estimate-result", id: "estimate-result", "aria-live": "polite" });
  const analysis = h("div", { class: "actions analysis-bar" }, analyze, estimate_toggle);
  const trial_text = h("span", { class: "trial-text", id: "trial-text" });
  const trial_bar = h("div", { class: "actions trial-bar", id: "trial-bar", hidden: true }, trial_text,
    h("button", { id: "trial-undo", text: t("trial_undo"), onclick: () => { trial.undo(); render(); } }),
    h("button", { id: "trial-leave", text: t("trial_leave"), onclick: () => { trial = null; render(); } }));
  const review = new ReviewView(app, game_id, {
    go_to: (move) => {
      trial = null;
      at = move;
      render();
    },
    try_line: (from, line) => {
      at = from;
      trial = new TrialLine(model, from);
      for (const vertex of line) if (!trial.play(vertex)) break;
      render();
    },
  });
  const message = h("p", { class: "loading", text: t("loading") });
  const result_dialog = new ResultDialog(app);
  const board_wrap = h("div", { class: "board-wrap" }, board.svg, result_dialog.element);
  const play_bar = h("div", { class: "play-bar" }, nav, controls.buttons);
  const page = h("div", { class: "game-page", "data-game": game_id },
    h("div", { class: "board-column" },
      players.white.element, board_wrap, players.black.element, play_bar, trial_bar, controls.count,
      board_options, analysis, estimate_result, review.element, records.element, h("p", { class: "hint", text: t("keyboard_help") })),
    h("div", { class: "side-column" }, message, controls.element, chat.element, spectators.element));
  container.append(page);
  // A game opens at the top, with the board and both clocks in view, however
  // far down the page before (a phone's lobby) was scrolled; nor may the
  // browser put a reloaded game page back where it was scrolled.
  history.scrollRestoration = "manual";
  window.scrollTo(0, 0);
  const fitting = fit_board(board_wrap,
    () => [play_bar, controls.count],
    () => [document.getElementById("header"), players.black.element, players.white.element, play_bar, controls.count]);
  let missing_shown = false;
  let phase_seen = null; // the pop-up is for an end seen live, not for a finished game opened later

  // A game that does not exist gets one plain page instead of empty panels.
  function show_missing() {
    if (missing_shown) return;
    missing_shown = true;
    page.replaceWith(h("section", { class: "panel not-found", id: "not-found" },
      h("h1", { text: t("game_not_found", { id: game_id }) }),
      h("a", { href: "#/", class: "button", text: t("back_to_lobby") })));
  }

  function step(delta) {
    const total = model.moves.length;
    const next = Math.max(0, Math.min(total, (at ?? total) + delta));
    at = next >= total ? null : next;
  }

  function on_board_click(vertex) {
    if (model.phase === "ended") {
      trial ??= new TrialLine(model, at ?? model.moves.length);
      if (trial.play(vertex)) render();
      return;
    }
    if (!my_color || at !== null) return;
    if (model.phase === "play" && model.to_move === my_color) {
      if (sent) return;
      const point = from_vertex(vertex, model.size);
      if (!point) return;
      sent = { vertex, point, color: my_color, moves: model.moves.length };
      render();
      app.request(proto.game_move(game_id, vertex)).catch(() => {
        sent = null;
        render();
      });
    } else if (model.phase === "scoring") {
      const position = replay(model.size, model.handicap_stones, model.moves);
      const point = from_vertex(vertex, model.size);
      if (!point || !position.grid[point.y][point.x]) return;
      app.request(proto.game_dead(game_id, vertex, !model.dead.includes(vertex))).catch(() => {});
    }
  }

  // A board holding the whole game, opened at the move shown: the rest of the game stays there to step into.
  async function open_analysis() {
    const shown = at ?? model.moves.length;
    try {
      const reply = await app.connection.request(proto.board_create({ game: game_id, at: shown }));
      location.hash = `#/board/${reply.board.id}`;
    } catch (err) {
      app.notify(error_text(err, "analyze"), "error", { of_view: true });
    }
  }

  function ask_estimate(move) {
    if (estimate_asked === move) return;
    estimate_asked = move;
    app.connection.request(proto.game_estimate(game_id, move)).then((reply) => {
      if (estimate_asked !== move) return;
      estimate = { move, result: reply.estimate };
      render();
    }, (err) => {
      estimate_asked = null;
      estimate_on = false;
      app.notify(error_text(err, "estimate"), "error", { of_view: true });
      render();
    });
  }

  function render() {
    model = sessions.model(game_id);
    if (model.missing) {
      show_missing();
      return;
    }
    if (!model.loaded) return;
    message.hidden = true;
    const user = app.store.state.user;
    my_color = user ? model.color_of(user.name) : null;
    seat_players();
    if (phase_seen && phase_seen !== "ended" && model.phase === "ended") result_dialog.show(model, my_color);
    phase_seen = model.phase;
    const total = model.moves.length;
    if (at !== null && at >= total) at = null;
    const shown = at ?? total;
    if (trial && model.phase !== "ended") trial = null;
    const position = trial ? trial.position() : replay(model.size, model.handicap_stones, model.moves, shown);
    const live = at === null && !trial;
    // The move event, not the reply, puts the stone in the record for good.
    if (sent && (total > sent.moves || model.phase !== "play")) sent = null;
    const showing_sent = sent && live && !position.grid[sent.point.y][sent.point.x];
    const grid = showing_sent ? with_stone(position.grid, sent.point, sent.color) : position.grid;
    const scoring = model.phase === "scoring" && live;
    // The final position of a counted game keeps its dead stones and territory.
    const counted = model.counted() && live;
    const marked = scoring || counted;
    const analysing = Boolean(user) && (model.phase === "ended" || !my_color);
    if (!analysing) estimate_on = false;
    let guess = null;
    if (estimate_on && !marked && !trial) {
      if (estimate && estimate.move === shown) guess = estimate_marks(estimate.result);
      else ask_estimate(shown);
    }
    const dead = guess ? guess.dead : new Set(marked ? model.dead : []);
    // The server counts the marking (game.scoring, the state); the page only draws its count.
    const count = marked ? model.count : null;
    const my_turn = live && my_color && model.phase === "play" && model.to_move === my_color && !sent;
    board.render({
      size: model.size,
      grid,
      last: position.last,
      sent: showing_sent ? sent.vertex : null,
      // While counting and on the counted position the marks matter; the note would cover them.
      passed: !marked && !guess && position.last && position.last.vertex === "pass" ? position.last.color : null,
      pass_label: (color) => t("pass_note", { color: t(color) }),
      dead,
      owner: count ? territory_owner(count.territory) : guess ? guess.owner : null,
      preview: my_turn ? my_color : model.phase === "ended" ? (trial ? trial.next_color() : color_after(model.handicap_stones, shown)) : null,
      // The board takes the arrow keys only when a click there would do something.
      interactive: Boolean(my_turn || (scoring && my_color)),
      numbers: preference("move_numbers") ? position.numbers : null,
      coordinates: preference("coordinates"),
      confirm_touch: preference("confirm_touch"),
    });
    page.classList.toggle("reviewing", !live);
    trial_bar.hidden = !trial;
    review.update(model, shown);
    if (trial) trial_text.textContent = t("trial_text", { n: trial.moves.length, from: trial.from });
    // Plain facts about what is shown, for scripts and tests reading the page.
    Object.assign(page.dataset, { moves: total, shown, phase: model.phase, toMove: model.to_move });
    position_text.textContent = t("nav_position", { at: shown, total });
    records.update(shown);
    analysis.hidden = !analysing;
    estimate_toggle.hidden = marked;
    estimate_toggle.setAttribute("aria-pressed", String(estimate_on));
    estimate_toggle.classList.toggle("pressed", estimate_on);
    estimate_result.textContent = guess ? estimate_text(estimate.result) : "";
    for (const color of ["black", "white"]) {
      const panel = players[color];
      if (panel.shown_user !== model[color]) {
        panel.shown_user = model[color];
        panel.name.replaceChildren(user_label(model[color]));
      }
      panel.captures.textContent = t("captures", { n: position.captures[color] });
      panel.element.classList.toggle("to-move", model.phase === "play" && model.to_move === color);
    }
    controls.update(model, my_color, Boolean(sent));
    chat.update(model, my_color !== null, Boolean(user));
    spectators.update(model);
    tick();
  }

  // A player's own panel sits under the board, the opponent's above it (as on
  // Fox); a spectator sees White above and Black below.
  function seat_players() {
    const bottom = my_color ?? "black";
    const top = players[other_color(bottom)].element;
    if (board_wrap.previousElementSibling === top) return;
    board_wrap.before(top);
    board_wrap.after(players[bottom].element);
  }

  function tick() {
    if (!model.loaded || model.missing) return;
    controls.tick();
    players.black.clock.update(model, my_color === "black");
    players.white.clock.update(model, my_color === "white");
  }

  function on_key(event) {
    const target = event.target;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    const total = model.moves.length;
    const actions = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => { at = 0; },
      End: () => { at = null; },
      ArrowUp: () => { at = Math.max(0, (at ?? total) - 10); },
      ArrowDown: () => step(10),
    };
    if (event.key === "Escape" && result_dialog.shown) {
      result_dialog.hide();
      return;
    }
    if (!actions[event.key]) return;
    event.preventDefault();
    trial = null;
    actions[event.key]();
    render();
  }

  // The toggles here and those in the settings panel change the same choices.
  const stop_preferences = on_preference_change((current) => {
    numbers_toggle.checked = current.move_numbers;
    coordinates_toggle.checked = current.coordinates;
    render();
  });
  document.addEventListener("keydown", on_key);
  const ticker = setInterval(tick, 200);
  sessions.watch(game_id).then(render, (err) => {
    if (err.code === "not_found") render();
    else message.textContent = error_text(err);
  });
  render();

  return {
    update: render,
    destroy() {
      clearInterval(ticker);
      fitting.stop();
      review.destroy();
      result_dialog.destroy();
      stop_preferences();
      document.removeEventListener("keydown", on_key);
      sessions.unwatch(game_id);
    },
  };
}
