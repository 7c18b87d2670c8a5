// The buttons and status lines under the board: pass, resign, undo and its
// answer, the count during scoring with accept/resume, the result, presence
// notices. Shows only what the viewer may do in the game's current phase.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { color_name, describe_result } from "./format.js";
import { other_color } from "./vertex.js";
import * as proto from "./protocol.js";

function seconds_until(at) {
  return Math.max(0, Math.ceil((at - performance.now()) / 1000));
}

export class GameControls {
  constructor(app, game_id) {
    this.app_ = app;
    this.game_id_ = game_id;
    const send = (build, ...args) => () => app.request(build(game_id, ...args)).catch(() => {});
    this.pass_ = h("button", { id: "pass-button", text: t("pass"), onclick: send(proto.game_pass) });
    this.resign_ = h("button", {
      id: "resign-button", class: "danger", text: t("resign"),
      onclick: () => { if (window.confirm(t("resign_confirm"))) send(proto.game_resign)(); },
    });
    this.undo_ = h("button", { id: "undo-button", text: t("undo"), onclick: send(proto.game_undo) });
    this.undo_accept_ = h("button", { id: "undo-accept-button", text: t("accept"), onclick: send(proto.game_undo_accept) });
    this.undo_decline_ = h("button", { id: "undo-decline-button", text: t("decline"), onclick: send(proto.game_undo_decline) });
    // Accepts the marking on the screen, named by the version it was drawn
    // from: if the opponent changed it meanwhile the server refuses.
    this.shown_marking_version_ = 0;
    this.score_accept_ = h("button", {
      id: "score-accept-button", text: t("accept_score"),
      onclick: () => send(proto.game_score_accept, this.shown_marking_version_)(),
    });
    this.score_resume_ = h("button", { id: "score-resume-button", text: t("resume_play"), onclick: send(proto.game_score_resume) });
    this.status_ = h("p", { class: "game-status", "aria-live": "polite" });
    this.undo_line_ = h("div", { class: "undo-line" });
    this.scoring_ = h("div", { class: "scoring-panel" });
    this.result_ = h("p", { class: "game-result", id: "game-result" });
    this.deadline_ = h("p", { class: "scoring-deadline", id: "scoring-deadline" });
    this.scoring_help_ = h("p", { class: "scoring-help", text: t("scoring_title") });
    // Under the board, on the first screen with it: the buttons and what a
    // player accepts or learns at the end (the count, its deadline, the
    // result). The status lines sit beside the board, or below on a phone.
    this.buttons = h("div", { class: "actions game-actions" });
    this.count = h("div", { class: "count-bar", id: "count-bar" }, this.scoring_, this.deadline_, this.result_);
    this.element = h("div", { class: "game-controls" }, this.status_, this.undo_line_, this.scoring_help_);
    this.model_ = null;
    this.my_color_ = null;
  }

  // The lines that count down: the opponent's forfeit and the scoring deadline.
  tick() {
    const model = this.model_;
    if (!model) return;
    this.status_.textContent = this.status_text_(model, this.my_color_);
    const counting = model.phase === "scoring" && model.scoring_deadline_at !== null;
    this.deadline_.hidden = !counting;
    this.deadline_.textContent = counting ? t("scoring_deadline", { s: seconds_until(model.scoring_deadline_at) }) : "";
  }

  status_text_(model, my_color) {
    const status = [my_color ? t("you_play", { color: color_name(my_color) }) : t("watching")];
    if (model.phase === "play") {
      const last = model.moves.length ? model.moves[model.moves.length - 1] : null;
      if (last === "pass") {
        const passer = other_color(model.to_move);
        status.push(my_color && my_color !== passer ? t("opponent_passed") : t("passed", { color: color_name(passer) }));
      }
      status.push(t("to_move", { color: color_name(model.to_move) }));
    }
    if (model.away) {
      status.push(t("opponent_gone", { color: color_name(model.away.color), s: seconds_until(model.away.until) }));
    }
    return status.join(" · ");
  }

  // my_color: the viewer's colour, or null for a spectator. The score shown
  // is the server's: its count of the marking during scoring, the game's
  // `score` once counted.
  // waiting: a move of the player's is sent and not yet answered.
  update(model, my_color, waiting = false) {
    const phase = model.phase;
    this.model_ = model;
    this.my_color_ = my_color;
    this.tick();

    const undo_line = [];
    if (model.undo_request && phase === "play") {
      undo_line.push(h("span", { text: t("undo_requested", { color: color_name(model.undo_request) }) }));
      if (my_color && my_color !== model.undo_request) undo_line.push(this.undo_accept_, this.undo_decline_);
    }
    if (model.undo_declined && phase === "play") {
      const text = my_color && my_color !== model.undo_declined
        ? t("undo_declined_you", { color: color_name(model.undo_declined) })
        : t("undo_declined", { color: color_name(model.undo_declined) });
      undo_line.push(h("span", { class: "undo-declined", text }));
    }
    replace_children(this.undo_line_, undo_line);

    if (phase === "scoring" || (phase === "ended" && model.score)) {
      const score = phase === "ended" ? model.score : model.count;
      const accepted = ["black", "white"].filter((c) => model.accepted && model.accepted[c])
        .map((c) => `${color_name(c)} ${t("accepted_by")}`);
      replace_children(this.scoring_,
        score ? h("p", { class: "score-line", id: "score-line", text: t("score_line", score) }) : null,
        phase === "scoring" && accepted.length ? h("p", { class: "accepted", text: accepted.join(", ") }) : null);
    } else {
      replace_children(this.scoring_);
    }
    this.result_.textContent = phase === "ended" ? describe_result(model.result, model.reason) : "";
    this.scoring_help_.hidden = phase !== "scoring";
    this.count.hidden = phase === "play";

    const buttons = [];
    if (my_color && phase === "play") {
      const my_turn = model.to_move === my_color;
      // A move on its way: a pass now would be a second move for the same turn.
      this.pass_.disabled = !my_turn || waiting;
      buttons.push(this.pass_);
      if (!model.rated && model.moves.length > 0 && !model.undo_request) buttons.push(this.undo_);
    }
    if (my_color && phase === "scoring") {
      this.shown_marking_version_ = model.marking_version;
      this.score_accept_.disabled = Boolean(model.accepted && model.accepted[my_color]);
      buttons.push(this.score_accept_, this.score_resume_);
    }
    if (my_color && phase !== "ended") buttons.push(this.resign_);
    replace_children(this.buttons, buttons);
  }
}
