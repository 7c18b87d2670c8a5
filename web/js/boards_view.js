// Boards (#/boards): a form for a new analysis or demo board (size, komi,
// handicap, title; empty, or an uploaded .sgf record read in the browser and
// cut down to the game information and the moves, so it fits in one frame)
// and the user's own boards, newest first, each with a link and Delete.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { error_text } from "./error_text.js";
import { format_date } from "./format.js";
import { decode_sgf, fit_sgf, trim_sgf, record_name, SgfError } from "./sgf_trim.js";
import * as proto from "./protocol.js";

// The server's frame limit; the request around the record takes a little of it.
const frame_limit = 16 * 1024;

function request_bytes(message) {
  return new TextEncoder().encode(JSON.stringify({ ...message, id: 999999 })).length;
}

// The board.create fields for an uploaded file, with the comments cut
// down when the whole record does not fit in one request; `notice` says
// so. Throws with the words to show.
export async function sgf_fields(file, title) {
  const text = decode_sgf(await file.arrayBuffer());
  // Without a title of its own the board is named after the game (GN).
  const fields_of = (sgf) => {
    const name = title || Array.from(record_name(sgf)).slice(0, 80).join("");
    return name ? { sgf, title: name } : { sgf };
  };
  const bytes = (sgf) => request_bytes(proto.board_create(fields_of(sgf)));
  let fitted;
  try {
    fitted = fit_sgf(text, (sgf) => bytes(sgf) <= frame_limit);
    if (!fitted) {
      const kib = Math.ceil(bytes(trim_sgf(text, { comment_chars: 0 })) / 1024);
      throw new Error(t("sgf_too_large", { kib, limit: frame_limit / 1024 }));
    }
  } catch (err) {
    if (err instanceof SgfError) throw new Error(t("sgf_unreadable", { detail: err.message }));
    throw err;
  }
  const notice = fitted.comments === "whole" ? null : t(`sgf_comments_${fitted.comments}`);
  return { fields: fields_of(fitted.sgf), notice };
}

export function mount_boards(container, app) {
  const field = (label, input) => h("label", { class: "field" }, h("span", { text: label }), input);
  const size = h("select", { id: "board-size" }, ...[19, 13, 9].map((n) => h("option", { value: String(n), text: `${n}×${n}` })));
  const komi = h("input", { id: "board-komi", type: "number", step: "0.5", min: "-150", max: "150", value: "7.5" });
  const handicap = h("select", { id: "board-handicap" },
    h("option", { value: "0", text: t("handicap_0") }),
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => h("option", { value: String(n), text: t("handicap_n", { n }) })));
  const title = h("input", { id: "board-title", type: "text", maxlength: "80" });
  const file = h("input", { id: "board-sgf-file", type: "file", accept: ".sgf,application/x-go-sgf" });
  const problem = h("p", { class: "form-problem", id: "board-form-problem", role: "alert" });
  const create = h("button", { id: "board-create", type: "submit", text: t("board_create") });
  const form = h("form", { id: "new-board-form", class: "new-board" },
    field(t("board_title"), title), field(t("size"), size), field(t("komi"), komi), field(t("handicap"), handicap),
    field(t("board_from_sgf"), file), h("p", { class: "hint", text: t("board_sgf_hint") }), problem, create);
  const list = h("ul", { class: "board-list", id: "my-boards" });
  const login = h("p", { class: "hint", id: "boards-login", text: t("boards_login") });
  container.append(h("div", { class: "boards-page" },
    h("section", { class: "panel", id: "new-board" }, h("h1", { text: t("new_board") }), login, form),
    h("section", { class: "panel", id: "board-list" }, h("h2", { text: t("my_boards") }), list)));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.textContent = "";
    let fields;
    let notice = null;
    try {
      if (file.files.length) ({ fields, notice } = await sgf_fields(file.files[0], title.value.trim()));
      else {
        fields = { size: Number(size.value), komi: Number(komi.value), handicap: Number(handicap.value) };
        if (title.value.trim()) fields.title = title.value.trim();
      }
    } catch (err) {
      problem.textContent = err.message;
      return;
    }
    create.disabled = true;
    try {
      const reply = await app.connection.request(proto.board_create(fields));
      location.hash = `#/board/${reply.board.id}`;
      if (notice) app.notify(notice);
    } catch (err) {
      problem.textContent = error_text(err, file.files.length && err.code === "bad_request" ? "sgf" : "board_create");
    } finally {
      create.disabled = false;
    }
  });

  function row(board) {
    return h("li", { "data-board": board.id },
      h("a", { class: "board-open", href: `#/board/${board.id}`, text: board.title || t("board_untitled", { id: board.id }) }),
      h("span", { class: "board-facts", text: t("board_facts", { size: board.size, nodes: board.nodes, when: format_date(board.updated_at) }) }),
      h("button", { class: "link danger board-delete", text: t("delete"), onclick: () => remove(board) }));
  }

  async function remove(board) {
    if (!window.confirm(t("board_delete_confirm", { title: board.title || t("board_untitled", { id: board.id }) }))) return;
    try {
      await app.connection.request(proto.board_delete(board.id));
    } catch (err) {
      app.notify(error_text(err, "board"), "error", { of_view: true });
    }
    load();
  }

  let loaded_for = undefined;
  async function load() {
    const user = app.store.state.user;
    loaded_for = user ? user.name : null;
    form.hidden = !user;
    login.hidden = Boolean(user);
    if (!user) {
      replace_children(list, h("li", { class: "empty", text: t("boards_login") }));
      return;
    }
    try {
      const reply = await app.connection.request(proto.board_list());
      replace_children(list, reply.boards.length ? reply.boards.map(row) : [h("li", { class: "empty", text: t("boards_none") })]);
    } catch (err) {
      if (err.code !== "disconnected") replace_children(list, h("li", { class: "empty", text: error_text(err, "board") }));
    }
  }

  const stop_open = app.connection.on_open(() => { loaded_for = undefined; });
  if (app.connection.status === "open") load();
  return {
    update(state) {
      const user = state.user ? state.user.name : null;
      if (state.status === "open" && (loaded_for === undefined || user !== loaded_for) && state.session_checked) load();
    },
    destroy() { stop_open(); },
  };
}
