// Quick play (快速对局): the player picks a board (and rated, 19x19 only)
// and waits to be paired with the longest-waiting player who asked for the
// same; the server's default clock. A game starting for the player ends the
// wait (the game page opens as for any new game), and so does a lost
// connection, since the server forgets a player who goes offline.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function quick_play_panel(app) {
  const size = h("select", { class: "quick-size", "aria-label": t("size") },
    ...[9, 13, 19].map((n) => h("option", { value: String(n), text: `${n}×${n}` })));
  size.value = "19";
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
    rated.disabled = waiting;
    status.textContent = waiting ? t("quick_waiting", { n: others }) : "";
  }

  rated.addEventListener("change", () => {
    if (rated.checked) size.value = "19";  // rated games are 19x19
    size.disabled = rated.checked;
  });
  play.addEventListener("click", async () => {
    const settings = { size: Number(size.value), rated: rated.checked };
    try {
      const reply = await app.request("automatch.join", { settings });
      if (reply.queued) show(true, reply.waiting);
    } catch {
      show(false);
    }
  });
  cancel.addEventListener("click", async () => {
    await app.request("automatch.leave").catch(() => {});
    show(false);
  });
  const stop_on_start = app.connection.on("game.start", (e) => {
    const me = app.store.state.user && app.store.state.user.name;
    if (waiting && (e.black.name === me || e.white.name === me)) show(false);
  });
  const stop_on_drop = app.connection.on_status((s) => {
    if (s !== "open" && waiting) show(false);
  });
  show(false);

  const element = h("section", { id: "quick-play", class: "panel" },
    h("h2", { text: t("quick_play") }),
    h("div", { class: "quick-row" }, size, h("label", {}, rated, " ", t("rated")), play, cancel),
    status);
  return {
    element,
    destroy: () => {
      stop_on_start();
      stop_on_drop();
    },
  };
}
