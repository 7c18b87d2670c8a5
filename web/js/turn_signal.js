// "Your turn" for games the player is not looking at: the games where the
// signed-in user is to move, leaving out the one on the screen while the tab
// is visible. The frame puts a marker in the title and swaps the favicon
// while there is one; both go when the player moves (the game's own
// game.move event changes whose turn it is).

// The favicons are data: URLs, which the page's policy (img-src 'self' data:)
// allows: a black stone, and the same stone with a red dot for "your turn".
const stone = '<circle cx="15" cy="17" r="12" fill="#111"/><circle cx="11" cy="12" r="4" fill="#555"/>';
const icon = (extra) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${stone}${extra}</svg>`)}`;
export const quiet_icon = icon("");
export const turn_icon = icon('<circle cx="25" cy="7" r="6.5" fill="#e5322d" stroke="#fff" stroke-width="1.5"/>');

// Ids of the games waiting for the user's move that the screen does not show.
export function games_waiting(state, shown_game, hidden) {
  const user = state.user;
  if (!user) return [];
  const waiting = [];
  for (const model of state.games.values()) {
    if (!model.loaded || model.missing || model.phase !== "play") continue;
    if (model.color_of(user.name) !== model.to_move) continue;
    if (!hidden && model.id === shown_game) continue;
    waiting.push(model.id);
  }
  return waiting;
}

// Points the page's icon link at the quiet or the turn icon.
export function show_turn_icon(turn) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  const href = turn ? turn_icon : quiet_icon;
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.turn = String(turn);
}
