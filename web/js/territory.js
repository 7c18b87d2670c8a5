// The server's territory ({black: [vertices], white: [vertices]}: an
// estimate's, or a game's count during scoring and once counted) as the
// board marks it. The client never counts a position itself.

// Map vertex -> colour for BoardView.render's `owner`.
export function territory_owner(territory) {
  const owner = new Map();
  for (const color of ["black", "white"]) {
    for (const vertex of territory?.[color] || []) owner.set(vertex, color);
  }
  return owner;
}
