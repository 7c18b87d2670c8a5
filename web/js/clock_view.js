// The two game clocks. The server's clock is the authority: each display
// starts from the last clock the server sent and counts the running side
// down locally, so it moves smoothly between server updates. In the last
// 10 seconds of a deciding countdown the clock turns red and, for the
// player's own clock, beeps once a second.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { beep } from "./beep.js";

const urgent_limit_ms = 10000;

function format_ms(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

// What one side's clock shows `elapsed_ms` after the server's reading `side`.
// Returns {main, extra, urgent_ms}: the big countdown, the overtime line, and
// how long until a period or the game is lost (Infinity when not close).
export function side_reading(time, side, elapsed_ms) {
  if (!time || time.system === "none" || !side) return { main: "—", extra: "", urgent_ms: Infinity };
  let main_ms = side.main_ms - elapsed_ms;
  if (time.system === "byoyomi") {
    let periods = side.periods ?? time.periods;
    let period_ms = side.period_ms ?? time.period_s * 1000;
    if (main_ms > 0) {
      return { main: format_ms(main_ms), extra: `${periods} × ${time.period_s}s`, urgent_ms: periods > 0 ? Infinity : main_ms };
    }
    period_ms += main_ms;
    while (period_ms <= 0 && periods > 1) {
      periods -= 1;
      period_ms += time.period_s * 1000;
    }
    return { main: format_ms(period_ms), extra: `${periods} × ${time.period_s}s`, urgent_ms: period_ms };
  }
  if (time.system === "canadian") {
    if (main_ms > 0) return { main: format_ms(main_ms), extra: `${time.stones} / ${format_ms(time.period_s * 1000)}`, urgent_ms: Infinity };
    const period_ms = (side.period_ms ?? time.period_s * 1000) + main_ms;
    return { main: format_ms(period_ms), extra: `${side.stones ?? time.stones} / ${format_ms(time.period_s * 1000)}`, urgent_ms: period_ms };
  }
  const extra = time.system === "fischer" ? `+${time.increment_s}s` : "";
  return { main: format_ms(main_ms), extra, urgent_ms: main_ms };
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
    this.extra_.textContent = reading.extra || (model.time && model.time.system === "none" ? t("time_none") : "");
    const urgent = running && reading.urgent_ms < urgent_limit_ms;
    this.element.classList.toggle("running", running);
    this.element.classList.toggle("low", urgent);
    if (urgent && own) {
      const second = Math.ceil(reading.urgent_ms / 1000);
      if (second !== this.last_beep_second_ && second > 0) {
        this.last_beep_second_ = second;
        beep(second <= 3 ? 1320 : 880);
      }
    } else {
      this.last_beep_second_ = null;
    }
  }
}
