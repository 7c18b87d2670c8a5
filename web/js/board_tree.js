// An analysis board's move tree as the client knows it: built from the
// `tree` of `board.watch` and kept up to date by `board.node`,
// `board.current` and `board.cut`. Knows the line to any node (the moves to
// replay), the colour to play there, and lays the tree out in rows, one row
// per variation (the first child goes on in its parent's row, every other
// child opens a new row below all rows used so far), as OGS draws it.
// Knows nothing about the DOM or the socket.

import { other_color } from "./vertex.js";

export class BoardTree {
  // tree: {nodes: [{id, parent, color, vertex, number}], current, setup}
  constructor(tree, handicap = 0) {
    this.handicap = handicap;
    this.setup = { black: [...(tree.setup?.black || [])], white: [...(tree.setup?.white || [])] };
    this.nodes = new Map();
    for (const node of tree.nodes) this.add(node);
    this.current = this.nodes.has(tree.current) ? tree.current : 0;
  }

  // Adds a node (a parent always comes first); false when it was known.
  add(node) {
    if (this.nodes.has(node.id)) return false;
    const entry = { ...node, children: [] };
    this.nodes.set(node.id, entry);
    const parent = this.nodes.get(node.parent);
    if (parent) parent.children.push(node.id);
    return true;
  }

  // Removes the node and everything below it.
  cut(id) {
    const node = this.nodes.get(id);
    if (!node || node.parent === null) return;
    const parent = this.nodes.get(node.parent);
    if (parent) parent.children = parent.children.filter((child) => child !== id);
    const stack = [id];
    while (stack.length) {
      const next = this.nodes.get(stack.pop());
      if (!next) continue;
      this.nodes.delete(next.id);
      stack.push(...next.children);
    }
    if (!this.nodes.has(this.current)) this.current = node.parent;
  }

  // The nodes from the root's first move down to `id` (the root left out).
  path(id) {
    const line = [];
    for (let node = this.nodes.get(id); node && node.parent !== null; node = this.nodes.get(node.parent)) line.push(node);
    return line.reverse();
  }

  // The moves to replay for `id`, as replay_colored takes them.
  moves(id) {
    return this.path(id).map((node) => ({ vertex: node.vertex, color: node.color }));
  }

  // The colour to play after `id`: White first on a handicap board.
  to_move(id) {
    const node = this.nodes.get(id);
    if (node && node.color) return other_color(node.color);
    return this.handicap >= 2 ? "white" : "black";
  }

  parent(id) {
    const node = this.nodes.get(id);
    return node && node.parent !== null ? node.parent : null;
  }

  // The line's next move: the first child, which the main line follows.
  child(id) {
    const node = this.nodes.get(id);
    return node && node.children.length ? node.children[0] : null;
  }

  // {cells: [{id, row, col}], rows, cols, place: Map id -> cell}; col is the
  // move number. A whole line is laid out before the variations beside it
  // get their rows, so no two variations share a row. (Recursive: a board
  // holds at most a few thousand nodes.)
  layout() {
    const cells = [];
    const place = new Map();
    let rows = 0;
    let cols = 0;
    const visit = (id, row, col) => {
      const node = this.nodes.get(id);
      if (!node) return;
      const cell = { id, row, col };
      cells.push(cell);
      place.set(id, cell);
      cols = Math.max(cols, col + 1);
      node.children.forEach((child, i) => {
        if (i === 0) visit(child, row, col + 1);
        else visit(child, rows++, col + 1);
      });
    };
    visit(0, rows++, 0);
    return { cells, rows, cols, place };
  }

  // The node of the same move number in the nearest variation above
  // (delta -1) or below (+1) the current one's row; null when there is none.
  beside(id, delta) {
    const { cells, place } = this.layout();
    const here = place.get(id);
    if (!here) return null;
    let best = null;
    for (const cell of cells) {
      if (cell.col !== here.col || Math.sign(cell.row - here.row) !== delta) continue;
      if (!best || Math.abs(cell.row - here.row) < Math.abs(best.row - here.row)) best = cell;
    }
    return best ? best.id : null;
  }
}
