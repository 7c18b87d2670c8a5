// Replays a game record into board positions, for display and for moving
// back and forth through a game. The server has already judged every move
// legal; this only places stones and removes chains left without liberties.
// Counting is the server's: the scoring display draws its `count`.

import { from_vertex, other_color } from "./vertex.js";

function neighbours(x, y, size) {
  const list = [];
  if (x > 0) list.push([x - 1, y]);
  if (x < size - 1) list.push([x + 1, y]);
  if (y > 0) list.push([x, y - 1]);
  if (y < size - 1) list.push([x, y + 1]);
  return list;
}

// The chain at (x, y) and whether it has a liberty.
function chain_at(grid, size, x, y) {
  const color = grid[y][x];
  const seen = new Set([y * size + x]);
  const stack = [[x, y]];
  const stones = [];
  let free = false;
  while (stack.length) {
    const [cx, cy] = stack.pop();
    stones.push([cx, cy]);
    for (const [nx, ny] of neighbours(cx, cy, size)) {
      const here = grid[ny][nx];
      if (here === null) free = true;
      else if (here === color && !seen.has(ny * size + nx)) {
        seen.add(ny * size + nx);
        stack.push([nx, ny]);
      }
    }
  }
  return { stones, free };
}

export function empty_grid(size) {
  return Array.from({ length: size }, () => Array(size).fill(null));
}

// Colour of each move in order: White opens after fixed handicap stones.
export function move_colors(handicap_stones, count) {
  const first = handicap_stones.length > 0 ? "white" : "black";
  const colors = [];
  for (let i = 0; i < count; i++) colors.push(i % 2 === 0 ? first : other_color(first));
  return colors;
}

// The colour of the move after the first `played` moves.
export function color_after(handicap_stones, played) {
  return move_colors(handicap_stones, played + 1)[played];
}

// The position after the first `upto` moves: {grid, captures, last, numbers}.
// `captures.black` counts the stones Black has taken; `numbers[y][x]` is the
// number of the move that placed the stone at (x, y) (null for a handicap
// stone; only meaningful where the grid has a stone).
export function replay(size, handicap_stones, moves, upto = moves.length) {
  const colors = move_colors(handicap_stones, moves.length);
  const played = moves.slice(0, upto).map((vertex, i) => ({ vertex, color: colors[i] }));
  return replay_colored(size, { black: handicap_stones, white: [] }, played);
}

// The position after `moves` ({vertex, color} each, in order) played from
// the setup stones `setup` ({black: [vertices], white: [vertices]}): an
// analysis board's line, where the colours are the tree's own.
export function replay_colored(size, setup, moves) {
  const grid = empty_grid(size);
  const numbers = empty_grid(size);
  for (const color of ["black", "white"]) {
    for (const vertex of setup[color] || []) {
      const point = from_vertex(vertex, size);
      if (point) grid[point.y][point.x] = color;
    }
  }
  const captures = { black: 0, white: 0 };
  let last = null;
  moves.forEach(({ vertex, color }, i) => {
    last = { vertex, color, number: i + 1 };
    const point = from_vertex(vertex, size);
    if (!point) return;
    grid[point.y][point.x] = color;
    numbers[point.y][point.x] = i + 1;
    for (const [nx, ny] of neighbours(point.x, point.y, size)) {
      if (grid[ny][nx] !== other_color(color)) continue;
      const chain = chain_at(grid, size, nx, ny);
      if (chain.free) continue;
      for (const [sx, sy] of chain.stones) grid[sy][sx] = null;
      captures[color] += chain.stones.length;
    }
    const own = chain_at(grid, size, point.x, point.y);
    if (!own.free) {
      for (const [sx, sy] of own.stones) grid[sy][sx] = null;
      captures[other_color(color)] += own.stones.length;
    }
  });
  return { grid, captures, last, numbers };
}
