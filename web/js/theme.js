// The page's colours follow the dark-theme choice (preferences.js): the
// root element's data-theme picks the CSS variables in css/style.css.

import { preference, on_preference_change } from "./preferences.js";

function apply(dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

export function follow_theme() {
  apply(preference("dark_theme"));
  on_preference_change((current) => apply(current.dark_theme));
}
