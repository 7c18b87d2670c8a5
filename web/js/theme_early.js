// Loaded as a classic script in <head>, so it runs before the first paint
// (the modules run later): the dark theme kept in the preferences
// (preferences.js, key yunzi.preferences) is set at once, and a dark page
// does not flash white on every load. theme.js follows later changes.
try {
  const saved = JSON.parse(localStorage.getItem("yunzi.preferences") || "{}");
  if (saved && saved.dark_theme === true) document.documentElement.dataset.theme = "dark";
  // The board's look too, so a board drawn at once does not change colour.
  if (saved && typeof saved.board_theme === "string") document.documentElement.dataset.board = saved.board_theme;
  if (saved && typeof saved.stone_theme === "string") document.documentElement.dataset.stones = saved.stone_theme;
} catch {
  // nothing kept, or unreadable: the light theme
}
