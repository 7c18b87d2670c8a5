// The player's choices for this browser (sound volume and mute, the
// byo-yomi count, move numbers on the stones, the board's coordinates, the
// dark theme, tapping twice to play on a touch screen), kept in localStorage
// so they outlast a reload. Views read them when they draw and listen for changes.

const storage_key = "yunzi.preferences";

// volume: 0..100 (0 is silent like muted); countdown: beep the last seconds
// of one's own deciding countdown (in byo-yomi the last period's).
// confirm_touch: on a touch screen the first tap shows the stone, a second
// tap on the same point plays it. countdown_voice: the countdown's seconds
// are spoken instead of beeped. quick_size, quick_clock: the last board and
// clock asked for in quick play (a key of quick_play.js's presets).
// board_theme, stone_theme: the board's look (theme.js, css/style.css).
export const preference_defaults = Object.freeze({
  volume: 60, muted: false, countdown: true, move_numbers: false,
  coordinates: true, dark_theme: false, confirm_touch: true,
  countdown_voice: false, quick_size: 19, quick_clock: "5m",
  board_theme: "wood", stone_theme: "shaded",
});
export const board_themes = Object.freeze(["wood", "light", "green", "plain"]);
export const stone_themes = Object.freeze(["shaded", "flat"]);

const checks = {
  volume: (v) => Number.isFinite(v) && v >= 0 && v <= 100,
  muted: (v) => typeof v === "boolean",
  countdown: (v) => typeof v === "boolean",
  move_numbers: (v) => typeof v === "boolean",
  coordinates: (v) => typeof v === "boolean",
  dark_theme: (v) => typeof v === "boolean",
  confirm_touch: (v) => typeof v === "boolean",
  countdown_voice: (v) => typeof v === "boolean",
  quick_size: (v) => [9, 13, 19].includes(v),
  quick_clock: (v) => typeof v === "string" && v.length <= 16,
  board_theme: (v) => board_themes.includes(v),
  stone_theme: (v) => stone_themes.includes(v),
};

// Kept values of the wrong type (an older client, a hand edit) fall back to the default.
function load() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(storage_key) || "{}") || {};
  } catch {
    saved = {};
  }
  const out = { ...preference_defaults };
  for (const [name, valid] of Object.entries(checks)) if (valid(saved[name])) out[name] = saved[name];
  return out;
}

let current = load();
const listeners = new Set();

export function preference(name) {
  return current[name];
}

export function set_preference(name, value) {
  if (!checks[name] || !checks[name](value) || current[name] === value) return;
  current = { ...current, [name]: value };
  localStorage.setItem(storage_key, JSON.stringify(current));
  for (const listener of [...listeners]) listener(current);
}

export function on_preference_change(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The loudness sounds play at, 0..1: 0 when muted.
export function sound_level() {
  return current.muted ? 0 : current.volume / 100;
}
