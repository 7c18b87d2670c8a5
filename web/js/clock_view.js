// The two game clocks. The server's clock is the authority: each display
// starts from the last clock the server sent and counts the running side
// down locally, so it moves smoothly between server updates. In the last
// 10 seconds of a countdown that loses a period or the game the clock turns
// red; the player's own clock counts the last 10 seconds that would lose the
// game with a beep a second, or the second spoken when the voice is chosen
// (in byo-yomi only in the last period, as Fox does), unless the countdown
// is turned off in the settings.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { play_sound } from "./sounds.js";
import { preference } from "./preferences.js";
import { side_reading } from "./clock_reading.js";
import { speak_second } from "./speech.js";

const urgent_limit_ms = 10000;

function extra_text(time, reading) {
  if (!time || time.system === "none") return t("time_none");
  if (reading.stage === "main") return t("byoyomi_main", { n: reading.periods, s: time.period_s });
  if (reading.stage === "byoyomi") {
    return reading.periods > 1 ? t("byoyomi_period", { n: reading.periods }) : t("byoyomi_last");
  }
  return reading.extra;
}

export class ClockView {
  constructor(color) {
    this.color_ = color;
    this.main_ = h("span", { class: "clock-main" });
    this.extra_ = h("span", { class: "clock-extra" });
    this.element = h("div", { class: `clock ${color}`, "data-color": color, role: "timer" }, this.main_, this.extra_);
    this.last_beep_second_ = null;
  }

  // own: whether this clock belongs to the person at this screen.
  update(model, own) {
    const clock = model.clock;
    const side = clock ? clock[this.color_] : null;
    const running = Boolean(clock && clock.running === this.color_ && model.phase === "play");
    const elapsed = running ? performance.now() - model.clock_at : 0;
    const reading = side_reading(model.time, side, elapsed);
    this.main_.textContent = reading.main;
    this.extra_.textContent = extra_text(model.time, reading);
    // Byo-yomi periods look different from main time (colour and words).
    this.element.classList.toggle("overtime", reading.stage === "byoyomi");
    this.element.dataset.stage = reading.stage || "";
    const urgent = running && reading.urgent_ms < urgent_limit_ms;
    this.element.classList.toggle("running", running);
    this.element.classList.toggle("low", urgent);
    // An earlier byo-yomi period running out costs only that period.
    const deciding = urgent && !(reading.stage === "byoyomi" && reading.periods > 1);
    if (deciding && own && preference("countdown")) {
      const second = Math.ceil(reading.urgent_ms / 1000);
      if (second !== this.last_beep_second_ && second > 0) {
        this.last_beep_second_ = second;
        const spoken = preference("countdown_voice") && speak_second(second);
        if (!spoken) play_sound(second <= 3 ? "count_last" : "count");
      }
    } else {
      this.last_beep_second_ = null;
    }
  }
}
