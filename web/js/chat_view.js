// A game's chat: the players' channel (seen by everyone in the room) and the
// spectators' channel (seen by spectators only). Players write to theirs,
// spectators to theirs; each line is labelled with its channel.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import * as proto from "./protocol.js";

export class ChatView {
  constructor(app, game_id) {
    this.app_ = app;
    this.game_id_ = game_id;
    this.shown_ = -1;
    this.channel_ = "spectators";
    this.log_ = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.input_ = h("input", { class: "chat-input", maxlength: "300", placeholder: t("chat_placeholder"), "aria-label": t("chat") });
    this.channel_label_ = h("span", { class: "chat-channel" });
    this.element = h("section", { class: "panel chat" },
      h("h2", { text: t("chat") }),
      this.log_,
      h("form", { class: "chat-form", onsubmit: (event) => this.send_(event) },
        this.channel_label_, this.input_, h("button", { type: "submit", text: t("send") })));
  }

  update(model, is_player, logged_in) {
    this.channel_ = is_player ? "players" : "spectators";
    this.channel_label_.textContent = t(`channel_${this.channel_}`);
    this.input_.disabled = !logged_in;
    if (model.chat.length === this.shown_) return;
    this.shown_ = model.chat.length;
    replace_children(this.log_, model.chat.map((line) => h("li", { class: `chat-line ${line.channel}` },
      h("span", { class: "chat-tag", text: t(`channel_${line.channel}`) }), " ",
      h("strong", { text: line.from }), ": ", line.text)));
    this.log_.scrollTop = this.log_.scrollHeight;
  }

  send_(event) {
    event.preventDefault();
    const text = this.input_.value.trim();
    if (!text) return;
    this.app_.request(proto.game_chat(this.game_id_, text, this.channel_))
      .then(() => { this.input_.value = ""; }, () => {});
  }
}
