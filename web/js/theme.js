// The page's colours follow the dark-theme choice (preferences.js): the
// root element's data-theme picks the CSS variables in css/style.css; its
// data-board and data-stones pick the board's and the stones' look there.

import { preference, on_preference_change } from "./preferences.js";

function apply(current) {
  const root = document.documentElement.dataset;
  root.theme = current.dark_theme ? "dark" : "light";
  root.board = current.board_theme;
  root.stones = current.stone_theme;
}

export function follow_theme() {
  apply({ dark_theme: preference("dark_theme"), board_theme: preference("board_theme"), stone_theme: preference("stone_theme") });
  on_preference_change(apply);
}
