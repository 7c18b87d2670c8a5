// Loaded as a classic script in <head>, so it runs before the first paint
// (the modules run later): the dark theme kept in the preferences
// (preferences.js, key yunzi.preferences) is set at once, and a dark page
// does not flash white on every load. theme.js follows later changes.
try {
  const saved = JSON.parse(localStorage.getItem("yunzi.preferences") || "{}");
  if (saved && saved.dark_theme === true) document.documentElement.dataset.theme = "dark";
} catch {
  // nothing kept, or unreadable: the light theme
}
