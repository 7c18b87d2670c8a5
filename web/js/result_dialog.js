// The pop-up at the end of a game seen live: who won and how, the count of a
// counted game, a rematch for the players and the way back to the lobby. It
// lies over the board only, so the buttons, the result line and the record
// links under the board stay within reach, and it takes no focus (a line
// being typed in the chat goes on).

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { describe_result } from "./format.js";
import { rematch_challenge } from "./rematch.js";
import * as proto from "./protocol.js";

function winner_of(result) {
  if (/^B\+/.test(result)) return "black";
  if (/^W\+/.test(result)) return "white";
  return null;
}

function headline(model, my_color) {
  const winner = winner_of(model.result || "");
  if (!winner) return model.result === "0" ? t("result_draw") : t("result_void");
  if (my_color) return t(winner === my_color ? "result_you_won" : "result_you_lost");
  return t(winner === "black" ? "result_black_wins" : "result_white_wins");
}

export class ResultDialog {
  constructor(app) {
    this.app_ = app;
    this.title_ = h("h2", { id: "result-title" });
    this.text_ = h("p", { id: "result-text", class: "result-text" });
    this.score_ = h("p", { id: "result-score" });
    this.note_ = h("p", { id: "rematch-note", class: "rematch-note", "aria-live": "polite" });
    this.rematch_ = h("button", { id: "rematch-button", text: t("rematch"), onclick: () => this.rematch_asked_() });
    this.actions_ = h("div", { class: "actions" });
    this.element = h("div", {
      id: "result-dialog", class: "result-dialog", role: "dialog", "aria-labelledby": "result-title", hidden: true,
    }, this.title_, this.text_, this.score_, this.note_, this.actions_);
    this.model_ = null;
    this.my_color_ = null;
    this.asked_ = null; // the rematch's challenge, while it waits for the answer
    // A declined rematch may be offered again.
    this.stop_ = app.connection.on(proto.Event.challenge_declined, (event) => {
      if (!this.asked_ || event.challenge !== this.asked_) return;
      this.note_.textContent = t("challenge_declined", { name: event.by });
      this.rematch_.disabled = false;
      this.asked_ = null;
    });
  }

  destroy() {
    this.stop_();
  }

  show(model, my_color) {
    this.model_ = model;
    this.my_color_ = my_color;
    this.title_.textContent = headline(model, my_color);
    this.text_.textContent = describe_result(model.result, model.reason);
    this.score_.textContent = model.score ? t("score_line", model.score) : "";
    this.score_.hidden = !model.score;
    this.note_.textContent = "";
    this.rematch_.disabled = false;
    this.asked_ = null;
    replace_children(this.actions_,
      my_color && model.reason !== "aborted" ? this.rematch_ : null,
      h("a", { id: "result-lobby", class: "button", href: "#/", text: t("back_to_lobby") }),
      h("button", { id: "result-close", class: "link", text: t("result_close"), onclick: () => this.hide() }));
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
  }

  get shown() {
    return !this.element.hidden;
  }

  rematch_asked_() {
    const { to, settings } = rematch_challenge(this.model_, this.my_color_);
    this.rematch_.disabled = true;
    this.app_.request(proto.challenge(to, settings)).then((reply) => {
      this.asked_ = reply.challenge.id;
      this.note_.textContent = t("rematch_sent", { name: to });
    }, () => {
      this.rematch_.disabled = false;
    });
  }
}
