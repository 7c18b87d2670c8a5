// The form that describes a new game (board, rated, handicap, komi, colour,
// clock) and sends it either as an open seek or as a challenge to one player.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { describe_handicap } from "./format.js";

// Which inputs each clock system uses, with their defaults.
const clock_fields = {
  byoyomi: [["main_min", "main_time_min", 20], ["periods", "periods", 3], ["period_s", "period_s", 30]],
  fischer: [["main_min", "main_time_min", 10], ["increment_s", "increment_s", 10], ["max_min", "max_time_min", 20]],
  canadian: [["main_min", "main_time_min", 10], ["stones", "stones", 25], ["period_s", "period_s", 300]],
  absolute: [["main_min", "main_time_min", 30]],
  none: [],
};

function select(id, options, value) {
  return h("select", { id, name: id },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value), text: label })));
}

function labelled(text, control) {
  return h("label", { class: "field" }, h("span", { text }), control);
}

export class SettingsForm {
  // on_seek(settings), on_challenge(name, settings)
  constructor({ on_seek, on_challenge }) {
    this.size_ = select("game-size", [[9, "9×9"], [13, "13×13"], [19, "19×19"]], 19);
    this.rated_ = h("input", { id: "game-rated", type: "checkbox", checked: true });
    this.handicap_ = select("game-handicap", [...Array(10).keys()].map((n) => [n, describe_handicap(n)]), 0);
    this.komi_ = h("input", { id: "game-komi", type: "number", step: "0.5", min: "-150", max: "150", value: "7.5" });
    this.color_ = select("game-color", [["auto", t("color_auto")], ["black", t("color_black")], ["white", t("color_white")]], "auto");
    this.system_ = select("game-clock", Object.keys(clock_fields).map((k) => [k, t(`clock_${k}`)]), "byoyomi");
    this.clock_inputs_ = h("div", { class: "clock-inputs" });
    this.opponent_ = h("select", { id: "opponent" });
    this.handicap_.addEventListener("change", () => {
      this.komi_.value = Number(this.handicap_.value) > 0 ? "0.5" : "7.5";
    });
    this.system_.addEventListener("change", () => this.build_clock_inputs_());
    this.build_clock_inputs_();
    const seek_button = h("button", { id: "seek-button", type: "button", text: t("create_seek"),
      onclick: () => on_seek(this.settings()) });
    const challenge_button = h("button", { id: "challenge-button", type: "button", text: t("challenge_user"),
      onclick: () => { if (this.opponent_.value) on_challenge(this.opponent_.value, this.settings()); } });
    this.element = h("form", { class: "settings-form", onsubmit: (e) => e.preventDefault() },
      h("h2", { text: t("new_game") }),
      h("div", { class: "fields" },
        labelled(t("size"), this.size_),
        h("label", { class: "field check" }, this.rated_, h("span", { text: t("rated") })),
        labelled(t("handicap"), this.handicap_),
        labelled(t("komi"), this.komi_),
        labelled(t("color"), this.color_),
        labelled(t("clock"), this.system_)),
      this.clock_inputs_,
      h("div", { class: "actions" }, seek_button),
      h("div", { class: "actions" }, labelled(t("opponent"), this.opponent_), challenge_button));
  }

  // Keeps the opponent list in step with who is online (the user excluded).
  set_opponents(names) {
    const key = names.join("\n");
    if (key === this.opponent_names_) return;
    this.opponent_names_ = key;
    const keep = this.opponent_.value;
    replace_children(this.opponent_,
      h("option", { value: "", text: t("choose_opponent") }),
      names.map((name) => h("option", { value: name, text: name, selected: name === keep })));
  }

  choose_opponent(name) {
    this.opponent_.value = name;
    this.opponent_.focus();
  }

  // Shows these settings (as settings() returns them) in the form.
  use(settings) {
    this.size_.value = String(settings.size);
    this.rated_.checked = settings.rated;
    this.handicap_.value = String(settings.handicap);
    this.komi_.value = String(settings.komi);
    this.color_.value = settings.color;
    this.system_.value = settings.time.system;
    this.build_clock_inputs_();
    const minutes = { main_min: "main_s", max_min: "max_s" };
    for (const [key] of clock_fields[settings.time.system]) {
      const value = minutes[key] ? settings.time[minutes[key]] / 60 : settings.time[key];
      if (value !== undefined) this.clock_inputs_.querySelector(`[name="${key}"]`).value = String(value);
    }
  }

  settings() {
    const settings = {
      size: Number(this.size_.value),
      rated: this.rated_.checked,
      handicap: Number(this.handicap_.value),
      komi: Number(this.komi_.value),
      color: this.color_.value,
      time: this.time_(),
    };
    return settings;
  }

  time_() {
    const system = this.system_.value;
    const value = (key) => Number(this.clock_inputs_.querySelector(`[name="${key}"]`).value);
    const time = { system };
    for (const [key] of clock_fields[system]) {
      if (key === "main_min") time.main_s = Math.round(value(key) * 60);
      else if (key === "max_min") time.max_s = Math.round(value(key) * 60);
      else time[key] = Math.round(value(key));
    }
    return time;
  }

  build_clock_inputs_() {
    replace_children(this.clock_inputs_, clock_fields[this.system_.value].map(([key, label, initial]) =>
      labelled(t(label), h("input", { type: "number", name: key, id: `clock-${key}`, min: "0", value: String(initial) }))));
  }
}
