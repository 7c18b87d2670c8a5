// GTP vertices ("D4", "Q16", "pass") and board coordinates (x from the left,
// y from the top, both 0-based). Column letters skip I.

const letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

export function column_letter(x) {
  return letters[x];
}

export function to_vertex(x, y, size) {
  return `${letters[x]}${size - y}`;
}

// Returns {x, y} or null for "pass" and for anything off the board.
export function from_vertex(vertex, size) {
  if (typeof vertex !== "string") return null;
  const match = /^([A-HJ-Z])(\d{1,2})$/i.exec(vertex);
  if (!match) return null;
  const x = letters.indexOf(match[1].toUpperCase());
  const row = Number(match[2]);
  if (x < 0 || x >= size || row < 1 || row > size) return null;
  return { x, y: size - row };
}

export function star_points(size) {
  const edge = size >= 13 ? 3 : 2;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const points = [[edge, edge], [edge, far], [far, edge], [far, far]];
  if (size % 2 === 1 && size >= 9) {
    points.push([mid, mid]);
    if (size >= 19) points.push([edge, mid], [far, mid], [mid, edge], [mid, far]);
  }
  return points;
}

export function other_color(color) {
  return color === "black" ? "white" : "black";
}
