// Quick play (快速对局): the player picks a board (and rated, 19x19 only)
// and one of a few Fox-like clocks, and waits to be paired with the
// longest-waiting player who asked for the same board and clock. A game
// starting for the player ends the wait (the game page opens as for any new
// game), and so does a lost connection, since the server forgets a player
// who goes offline. The board and clock are kept in the preferences.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { preference, set_preference } from "./preferences.js";
import * as proto from "./protocol.js";
import { Event } from "./protocol.js";

// Byo-yomi clocks as Fox offers them: main time, then periods x seconds.
export const quick_clocks = [
  { key: "1m", time: { system: "byoyomi", main_s: 60, periods: 3, period_s: 30 } },
  { key: "5m", time: { system: "byoyomi", main_s: 300, periods: 3, period_s: 30 } },
  { key: "10m", time: { system: "byoyomi", main_s: 600, periods: 3, period_s: 60 } },
  { key: "20m", time: { system: "byoyomi", main_s: 1200, periods: 3, period_s: 30 } },
];

function clock_label(time) {
  return t("quick_clock", { m: time.main_s / 60, n: time.periods, s: time.period_s });
}

export function quick_play_panel(app) {
  const size = h("select", { class: "quick-size", "aria-label": t("size") },
    ...[9, 13, 19].map((n) => h("option", { value: String(n), text: `${n}×${n}` })));
  size.value = String(preference("quick_size"));
  const clock = h("select", { class: "quick-clock", "aria-label": t("quick_clock_label") },
    ...quick_clocks.map((c) => h("option", { value: c.key, text: clock_label(c.time) })));
  clock.value = quick_clocks.some((c) => c.key === preference("quick_clock")) ? preference("quick_clock") : "5m";
  const rated = h("input", { type: "checkbox", class: "quick-rated" });
  const play = h("button", { class: "quick-play", text: t("play_now") });
  const cancel = h("button", { class: "quick-cancel", text: t("cancel"), hidden: true });
  const status = h("p", { class: "quick-status", role: "status" });
  let waiting = false;

  function show(now_waiting, others = 0) {
    waiting = now_waiting;
    play.hidden = waiting;
    cancel.hidden = !waiting;
    size.disabled = waiting || rated.checked;
    clock.disabled = waiting;
    rated.disabled = waiting;
    status.textContent = waiting ? t("quick_waiting", { n: others }) : "";
  }

  rated.addEventListener("change", () => {
    if (rated.checked) size.value = "19";  // rated games are 19x19
    size.disabled = rated.checked;
  });
  size.addEventListener("change", () => { if (!rated.checked) set_preference("quick_size", Number(size.value)); });
  clock.addEventListener("change", () => set_preference("quick_clock", clock.value));
  play.addEventListener("click", async () => {
    const chosen = quick_clocks.find((c) => c.key === clock.value) || quick_clocks[1];
    const settings = { size: Number(size.value), rated: rated.checked, time: chosen.time };
    try {
      const reply = await app.request(proto.automatch_join(settings));
      if (reply.queued) show(true, reply.waiting);
    } catch {
      show(false);
    }
  });
  cancel.addEventListener("click", async () => {
    await app.request(proto.automatch_leave()).catch(() => {});
    show(false);
  });
  const stop_on_start = app.connection.on(Event.game_start, (e) => {
    const me = app.store.state.user && app.store.state.user.name;
    if (waiting && (e.black.name === me || e.white.name === me)) show(false);
  });
  const stop_on_drop = app.connection.on_status((s) => {
    if (s !== "open" && waiting) show(false);
  });
  show(false);

  const element = h("section", { id: "quick-play", class: "panel" },
    h("h2", { text: t("quick_play") }),
    h("div", { class: "quick-row" }, size, clock, h("label", {}, rated, " ", t("rated")), play, cancel),
    status);
  return {
    element,
    destroy: () => {
      stop_on_start();
      stop_on_drop();
    },
  };
}
