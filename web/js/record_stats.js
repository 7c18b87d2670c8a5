// A player's record counted from the server's lists, without the DOM (the
// profile draws it, profile_charts.js): ranks as numbers, rated results,
// results by the opponent's rank, the current block's marks.

// Ranks as numbers one step apart: 1k = -1, 1d = 0, 2d = 1 (the server's
// steps: 1k + 1 = 1d). null for anything else.
export function rank_value(rank) {
  const match = /^(\d+)([kd])$/i.exec(String(rank || ""));
  if (!match) return null;
  const n = Number(match[1]);
  return match[2].toLowerCase() === "k" ? -n : n - 1;
}

export function rank_name(value) {
  return value < 0 ? `${-value}k` : `${value + 1}d`;
}

// The player's colour and whether they won, for a decisive game of the list.
function outcome(game, name) {
  const color = game.black.name === name ? "black" : game.white.name === name ? "white" : null;
  const winner = /^B\+/.test(game.result || "") ? "black" : /^W\+/.test(game.result || "") ? "white" : null;
  if (!color || !winner) return null;
  const me = game[color];
  const opponent = game[color === "black" ? "white" : "black"];
  return { won: winner === color, me, opponent };
}

// "win" or "loss" for the player in any decisive game of the list (friendly
// ones too), null for a draw, a void game or a game of others.
export function game_mark(game, name) {
  const result = outcome(game, name);
  if (!result) return null;
  return result.won ? "win" : "loss";
}

// Rated decisive games, newest first, with the player's result.
export function rated_results(games, name) {
  return games.filter((game) => game.rated).map((game) => ({ game, ...outcome(game, name) })).filter((r) => r.me);
}

// {stronger, equal, weaker}: {wins, losses} by the opponent's rank against
// the player's own, both as they were when the game was played.
export function results_by_opponent(results) {
  const groups = { stronger: { wins: 0, losses: 0 }, equal: { wins: 0, losses: 0 }, weaker: { wins: 0, losses: 0 } };
  for (const { won, me, opponent } of results) {
    const mine = rank_value(me.rank);
    const theirs = rank_value(opponent.rank);
    if (mine === null || theirs === null) continue;
    const group = theirs > mine ? "stronger" : theirs < mine ? "weaker" : "equal";
    groups[group][won ? "wins" : "losses"] += 1;
  }
  return groups;
}

// The current block, oldest first: "win", "loss", then "open" for the places
// still to play. The order is that of the newest rated results when they
// agree with rank_progress's counts (they do unless a game was turned
// friendly or annulled); otherwise the wins come first.
export function block_marks(progress, results) {
  if (!progress) return [];
  const recent = results.slice(0, progress.games).reverse();
  const wins = recent.filter((r) => r.won).length;
  const ordered = recent.length === progress.games && wins === progress.wins && recent.length - wins === progress.losses
    ? recent.map((r) => (r.won ? "win" : "loss"))
    : [...Array(progress.wins).fill("win"), ...Array(progress.losses).fill("loss")];
  const open = Math.max(0, progress.block_size - ordered.length);
  return [...ordered, ...Array(open).fill("open")];
}
