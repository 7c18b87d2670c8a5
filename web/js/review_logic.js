// The machine's review read for the page: each position's value for the
// graph (Black's winning chance, or with an engine that gives none, Black's
// lead in points squeezed into the same 0..1 scale) and the moves that lost
// the most for the side that played them. Knows nothing about the DOM.

// Points of lead that fill the graph's height either way.
const score_span = 30;

// Which figure the review has: "winrate" (KataGo, Leela Zero) or "score" (GNU Go).
export function review_measure(positions) {
  return positions.some((p) => typeof p.winrate === "number") ? "winrate" : "score";
}

// Black's side of each position on 0..1 (null where the engine said nothing).
export function graph_values(positions) {
  const measure = review_measure(positions);
  return positions.map((p) => {
    if (measure === "winrate") return typeof p.winrate === "number" ? p.winrate : null;
    if (typeof p.score !== "number") return null;
    return Math.max(0, Math.min(1, 0.5 + p.score / (2 * score_span)));
  });
}

// The `count` moves that lost most for their player, biggest first: {move
// (its number), color, vertex, loss (in the review's measure, > 0), best
// (the engine's move before it), line (the engine's line)}. Moves losing
// less than `least` (2% or a point by default) are no mistakes.
export function biggest_mistakes(positions, moves, count = 5, least = null) {
  const measure = review_measure(positions);
  const floor = least ?? (measure === "winrate" ? 0.02 : 1);
  const value = (p) => (p && typeof p[measure] === "number" ? p[measure] : null);
  const found = [];
  for (let i = 1; i < positions.length && i <= moves.length; i++) {
    const before = value(positions[i - 1]);
    const after = value(positions[i]);
    if (before === null || after === null) continue;
    const move = moves[i - 1];
    const loss = move.color === "black" ? before - after : after - before;
    if (loss < floor) continue;
    const best = positions[i - 1].best?.[0];
    found.push({ move: i, color: move.color, vertex: move.vertex, loss, best: best?.vertex ?? null,
      line: best?.line ?? [] });
  }
  found.sort((a, b) => b.loss - a.loss || a.move - b.move);
  return found.slice(0, count);
}
