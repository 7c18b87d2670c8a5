// An analysis or demo board (#/board/ID): the board, the move tree with its
// variations, and what its owner does with them: play both colours in turn
// from the node shown, pass, go to any node (a click in the tree, the arrow
// keys: left/right along the line, up/down to the variation above/below),
// cut a variation. Everyone else watches the owner live, and may look at
// another node for a while (the tree, the keys) and come back to the owner's.
// Anyone may turn the estimate on (territory and dead stones over the board,
// the count in words), download the SGF and copy the link.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { BoardView } from "./board_view.js";
import { BoardTree } from "./board_tree.js";
import { MoveTreeView } from "./move_tree_view.js";
import { replay_colored } from "./position.js";
import { estimate_marks, estimate_text } from "./estimate.js";
import { error_text } from "./error_text.js";
import { play_sound } from "./sounds.js";
import { preference, on_preference_change } from "./preferences.js";
import * as proto from "./protocol.js";
import { Event } from "./protocol.js";

export function board_link(id) {
  return `${location.origin}${location.pathname}#/board/${id}`;
}

// Copies `text` to the clipboard; false when the browser refuses.
export async function copy_text(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function mount_board(container, app, board_id) {
  let summary = null;
  let tree = null;
  let viewing = null; // a watcher's own node; null follows the owner
  let estimate_on = false;
  let estimate = null; // {node, result}
  let estimate_asked = null;
  let gone = false;

  // A request about this board: proto.board_goto, board_play, ...
  const request = (build, ...args) => app.connection.request(build(board_id, ...args));
  const refuse = (err) => app.notify(error_text(err, "board"), "error", { of_view: true });

  const board = new BoardView({ label: (size) => t("board_label", { size }), on_play: (vertex) => play(vertex) });
  const tree_view = new MoveTreeView({ on_select: (id) => go(id) });
  const title = h("h1", { class: "board-title" });
  const about = h("p", { class: "board-about" });
  const status = h("p", { class: "board-status", id: "board-status", role: "status" });
  const result = h("p", { class: "estimate-result", id: "estimate-result", "aria-live": "polite" });
  // The imported record's note on the node shown, right under the board.
  const comment = h("p", { class: "board-comment", id: "board-comment", "aria-label": t("board_comment"), hidden: true });
  const position_text = h("span", { class: "nav-position", id: "nav-position" });
  const nav_button = (id, label, symbol, action) => h("button", {
    id, class: "nav", title: label, "aria-label": label, text: symbol, onclick: action,
  });
  const nav = h("div", { class: "move-nav" },
    nav_button("nav-first", t("first"), "«", () => go(0)),
    nav_button("nav-back", t("back"), "◀", () => go(tree && tree.parent(shown()))),
    position_text,
    nav_button("nav-forward", t("forward"), "▶", () => go(tree && tree.child(shown()))),
    nav_button("nav-last", t("last"), "»", () => go(line_end())));
  const pass = h("button", { id: "board-pass", text: t("pass"), onclick: () => play("pass") });
  const cut = h("button", { id: "board-cut", class: "danger", text: t("board_cut"), onclick: () => cut_shown() });
  const live = h("button", { id: "board-live", text: t("board_follow_owner"), onclick: () => { viewing = null; render(); } });
  const estimate_toggle = h("button", { id: "estimate-toggle", "aria-pressed": "false", text: t("estimate"),
    onclick: () => { estimate_on = !estimate_on; render(); } });
  const sgf = h("a", { id: "board-sgf", class: "button", href: `/boards/${board_id}.sgf`, download: `yunzi-board-${board_id}.sgf`, text: t("download_sgf") });
  const link = h("input", { id: "board-link", class: "board-link", readonly: true, value: board_link(board_id), "aria-label": t("board_link") });
  const copy = h("button", { id: "board-copy-link", text: t("copy_link"), onclick: async () => {
    if (await copy_text(link.value)) app.notify(t("link_copied"));
    else {
      link.select();
      app.notify(t("link_copy_by_hand"));
    }
  } });
  const message = h("p", { class: "loading", text: t("loading") });
  const page = h("div", { class: "game-page board-page", "data-board": board_id },
    h("div", { class: "board-column" },
      h("div", { class: "board-wrap" }, board.svg),
      h("div", { class: "play-bar" }, nav, h("div", { class: "actions board-actions" }, pass, cut, live, estimate_toggle)),
      comment, result),
    h("div", { class: "side-column" },
      h("section", { class: "panel board-info" }, message, title, about, status),
      h("section", { class: "panel" }, h("h2", { text: t("move_tree") }), tree_view.element,
        h("p", { class: "hint", text: t("board_keyboard_help") })),
      h("section", { class: "panel board-share" }, h("div", { class: "actions" }, sgf, copy), link)));
  container.append(page);

  const is_owner = () => Boolean(summary && app.store.state.user && app.store.state.user.name === summary.owner);
  const shown = () => (viewing !== null && tree && tree.nodes.has(viewing) ? viewing : tree ? tree.current : 0);

  function line_end() {
    if (!tree) return null;
    let id = shown();
    for (let next = tree.child(id); next !== null; next = tree.child(id)) id = next;
    return id;
  }

  // The owner moves the board for everyone; a watcher only looks.
  function go(id) {
    if (!tree || id === null || id === undefined || !tree.nodes.has(id)) return;
    if (is_owner()) {
      if (id === tree.current) return;
      tree.current = id;
      request(proto.board_goto, id).catch(refuse);
    } else {
      viewing = id === tree.current ? null : id;
    }
    render();
  }

  async function play(vertex) {
    if (!tree || !is_owner()) return;
    try {
      const reply = await request(proto.board_play, tree.current, vertex);
      tree.add(reply.node);
      tree.current = reply.node.id;
      play_sound(vertex === "pass" ? "pass" : "stone");
      render();
    } catch (err) {
      refuse(err);
    }
  }

  async function cut_shown() {
    const id = shown();
    if (!tree || !is_owner() || id === 0) return;
    if (!window.confirm(t("board_cut_confirm"))) return;
    try {
      await request(proto.board_cut, id);
      tree.cut(id);
      render();
    } catch (err) {
      refuse(err);
    }
  }

  function show_missing(text) {
    if (gone) return;
    gone = true;
    page.replaceWith(h("section", { class: "panel not-found", id: "not-found" },
      h("h1", { text }), h("a", { href: "#/boards", class: "button", text: t("nav_boards") })));
  }

  function ask_estimate(node) {
    if (estimate_asked === node) return;
    estimate_asked = node;
    request(proto.board_estimate, node).then((reply) => {
      if (estimate_asked !== node) return;
      estimate = { node, result: reply.estimate };
      render();
    }, (err) => {
      estimate_asked = null;
      estimate_on = false;
      refuse(err);
      render();
    });
  }

  function render() {
    if (gone || !tree) return;
    message.hidden = true;
    const id = shown();
    const node = tree.nodes.get(id);
    const position = replay_colored(summary.size, tree.setup, tree.moves(id));
    const owner = is_owner();
    const to_move = tree.to_move(id);
    let marks = null;
    if (estimate_on) {
      if (estimate && estimate.node === id) marks = estimate_marks(estimate.result);
      else ask_estimate(id);
    }
    board.render({
      size: summary.size,
      grid: position.grid,
      last: position.last,
      passed: !marks && position.last && position.last.vertex === "pass" ? position.last.color : null,
      pass_label: (color) => t("pass_note", { color: t(color) }),
      dead: marks ? marks.dead : new Set(),
      owner: marks ? marks.owner : null,
      preview: owner ? to_move : null,
      // The arrow keys move through the tree here, never a cursor on the board.
      interactive: false,
      numbers: preference("move_numbers") ? position.numbers : null,
      coordinates: preference("coordinates"),
      confirm_touch: preference("confirm_touch"),
    });
    tree_view.render(tree, id, tree.current);
    title.textContent = summary.title || t("board_untitled", { id: board_id });
    replace_children(about,
      summary.black || summary.white
        ? [h("span", { class: "board-players", id: "board-players", text: t("board_players", { black: summary.black || "?", white: summary.white || "?" }) }), " · "]
        : null,
      summary.result ? [h("span", { class: "board-result", id: "board-result", text: t("board_result", { result: summary.result }) }), " · "] : null,
      t("board_about", { owner: summary.owner, size: summary.size, komi: summary.komi }),
      summary.game ? [" · ", h("a", { id: "board-game", href: `#/game/${summary.game}`, text: t("board_from_game", { id: summary.game }) })] : null);
    status.textContent = owner ? t("board_owner_status", { color: t(to_move) })
      : viewing !== null ? t("board_looking_elsewhere") : t("board_watching", { owner: summary.owner });
    position_text.textContent = t("board_position", { n: node && node.number ? node.number : 0 });
    comment.textContent = node && node.comment ? node.comment : "";
    comment.hidden = !comment.textContent;
    pass.hidden = !owner;
    cut.hidden = !owner;
    cut.disabled = id === 0;
    live.hidden = owner || viewing === null;
    estimate_toggle.setAttribute("aria-pressed", String(estimate_on));
    estimate_toggle.classList.toggle("pressed", estimate_on);
    result.textContent = marks ? estimate_text(estimate.result) : "";
    page.classList.toggle("reviewing", !owner && viewing !== null);
    Object.assign(page.dataset, { node: id, current: tree.current, toMove: to_move, owner: String(owner) });
  }

  function on_key(event) {
    const target = event.target;
    if (!tree || (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    const id = shown();
    const actions = {
      ArrowLeft: () => tree.parent(id),
      ArrowRight: () => tree.child(id),
      ArrowUp: () => tree.beside(id, -1),
      ArrowDown: () => tree.beside(id, 1),
      Home: () => 0,
      End: () => line_end(),
    };
    if (!actions[event.key]) return;
    event.preventDefault();
    go(actions[event.key]());
  }

  async function load() {
    try {
      const reply = await request(proto.board_watch);
      summary = reply.board;
      tree = new BoardTree(reply.tree, summary.handicap);
      if (viewing !== null && !tree.nodes.has(viewing)) viewing = null;
      estimate = null;
      estimate_asked = null;
      render();
    } catch (err) {
      if (err.code === "not_found") show_missing(t("board_not_found", { id: board_id }));
      else if (err.code !== "disconnected") message.textContent = error_text(err, "board");
    }
  }

  const ours = (e) => e.board === board_id && tree;
  const stops = [
    app.connection.on(Event.board_node, (e) => {
      if (!ours(e)) return;
      if (tree.add(e.node) && !is_owner()) play_sound(e.node.vertex === "pass" ? "pass" : "stone");
      render();
    }),
    app.connection.on(Event.board_current, (e) => {
      if (!ours(e) || !tree.nodes.has(e.node)) return;
      tree.current = e.node;
      if (viewing === e.node) viewing = null;
      render();
    }),
    app.connection.on(Event.board_cut, (e) => {
      if (!ours(e)) return;
      tree.cut(e.node);
      if (tree.nodes.has(e.current)) tree.current = e.current;
      render();
    }),
    app.connection.on(Event.board_deleted, (e) => {
      if (e.board === board_id) show_missing(t("board_deleted"));
    }),
    app.connection.on_open(() => load()),
    on_preference_change(() => render()),
  ];
  // The owner's name decides what may be clicked: render again once the login is known.
  let last_user = null;
  document.addEventListener("keydown", on_key);
  if (app.connection.status === "open") load();

  return {
    update(state) {
      const user = state.user ? state.user.name : null;
      if (user !== last_user) {
        last_user = user;
        render();
      }
    },
    destroy() {
      for (const stop of stops) stop();
      document.removeEventListener("keydown", on_key);
      if (!gone) app.connection.request(proto.board_unwatch(board_id)).catch(() => {});
    },
  };
}
