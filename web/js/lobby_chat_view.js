// The lobby's chat room: the lines since the page watched the lobby (the
// server sends its newest lines with the snapshot) and a box to write one,
// for signed-in users. Each name links to the player's profile.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";

function clock_time(at) {
  return new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export class LobbyChatView {
  constructor(app) {
    this.app_ = app;
    this.shown_ = null;
    this.log_ = h("ol", { class: "chat-log lobby-chat-log", "aria-live": "polite" });
    this.input_ = h("input", {
      class: "chat-input lobby-chat-input", maxlength: "300", placeholder: t("chat_placeholder"), "aria-label": t("lobby_chat"),
    });
    this.button_ = h("button", { type: "submit", text: t("send") });
    this.element = h("section", { id: "lobby-chat", class: "panel chat" },
      h("h2", { text: t("lobby_chat") }),
      this.log_,
      h("form", { class: "chat-form", onsubmit: (event) => this.send_(event) }, this.input_, this.button_));
  }

  update(state) {
    const logged_in = Boolean(state.user);
    this.input_.disabled = !logged_in;
    this.button_.disabled = !logged_in;
    this.input_.placeholder = logged_in ? t("chat_placeholder") : t("lobby_chat_login");
    const chat = state.lobby.chat;
    const key = chat.length ? `${chat.length}|${chat[chat.length - 1].at}|${chat[chat.length - 1].text}` : "";
    if (key === this.shown_) return;
    this.shown_ = key;
    replace_children(this.log_, chat.map((line) => h("li", { class: "chat-line" },
      h("span", { class: "chat-tag", text: clock_time(line.at) }), " ",
      h("a", { class: "chat-from", href: `#/user/${encodeURIComponent(line.from)}`, text: line.from }), ": ", line.text)));
    this.log_.scrollTop = this.log_.scrollHeight;
  }

  send_(event) {
    event.preventDefault();
    const text = this.input_.value.trim();
    if (!text) return;
    this.app_.send_lobby_chat(text).then(() => { this.input_.value = ""; }, () => {});
  }
}
