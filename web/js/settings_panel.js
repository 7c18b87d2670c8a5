// The settings panel the header's button opens: sound (mute, volume, a test
// tone), the countdown of one's own last seconds (beeped or spoken), move
// numbers on the stones, the board's coordinates, the board's and the stones' look, the
// dark theme and the second tap that confirms a move on a touch screen. Every change is
// kept at once (preferences.js).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { preference, set_preference, on_preference_change, board_themes, stone_themes } from "./preferences.js";
import { play_sound } from "./sounds.js";

function check(boxes, id, name, label) {
  const box = h("input", { id, type: "checkbox", checked: preference(name),
    onchange: () => set_preference(name, box.checked) });
  boxes.set(name, box);
  return h("label", { class: "field check" }, box, h("span", { text: label }));
}

function choice(selects, id, name, values, label) {
  const select = h("select", { id, onchange: () => set_preference(name, select.value) },
    values.map((value) => h("option", { value, text: t(`${name}_${value}`), selected: preference(name) === value })));
  selects.set(name, select);
  return h("label", { class: "field" }, h("span", { text: label }), select);
}

// The panel's element; its stop() ends its listening (call it when removed).
export function settings_panel({ on_close }) {
  const boxes = new Map();
  const selects = new Map();
  const shown = h("output", { id: "sound-volume-value", for: "sound-volume", text: String(preference("volume")) });
  const volume = h("input", {
    id: "sound-volume", type: "range", min: "0", max: "100", step: "5", value: String(preference("volume")),
    "aria-label": t("settings_volume"),
    oninput: () => {
      set_preference("volume", Number(volume.value));
      shown.textContent = volume.value;
    },
  });
  const element = h("section", { id: "settings-panel", class: "settings-panel", role: "dialog", "aria-label": t("settings_title") },
    h("h2", { text: t("settings_title") }),
    check(boxes, "sound-muted", "muted", t("settings_mute")),
    h("label", { class: "field volume" }, h("span", { text: t("settings_volume") }), volume, shown),
    check(boxes, "sound-countdown", "countdown", t("settings_countdown")),
    check(boxes, "countdown-voice", "countdown_voice", t("settings_countdown_voice")),
    check(boxes, "show-move-numbers", "move_numbers", t("settings_move_numbers")),
    check(boxes, "show-coordinates", "coordinates", t("settings_coordinates")),
    choice(selects, "board-theme", "board_theme", board_themes, t("settings_board_theme")),
    choice(selects, "stone-theme", "stone_theme", stone_themes, t("settings_stone_theme")),
    check(boxes, "dark-theme", "dark_theme", t("settings_dark_theme")),
    check(boxes, "confirm-touch", "confirm_touch", t("settings_confirm_touch")),
    h("div", { class: "actions" },
      h("button", { id: "sound-test", type: "button", text: t("settings_test_sound"), onclick: () => play_sound("stone") }),
      h("button", { id: "settings-close", type: "button", text: t("close"), onclick: on_close })));
  // The same choices can change elsewhere (the game page's move-number and coordinate toggles).
  element.stop = on_preference_change((current) => {
    for (const [name, box] of boxes) box.checked = current[name];
    for (const [name, select] of selects) select.value = current[name];
  });
  return element;
}
