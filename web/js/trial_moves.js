// Moves tried on a finished game (试下): a line of the viewer's own played on
// from a move of the game, kept in the page only (nothing is sent). Colours
// alternate from the game's next colour. A stone on a stone and a suicide are
// refused; a ko is left to the one trying, as on a real board.

import { replay_colored, move_colors, color_after } from "./position.js";
import { from_vertex, other_color } from "./vertex.js";

export class TrialLine {
  // `from`: how many of the game's moves the line starts after.
  constructor(model, from) {
    this.from = from;
    this.size = model.size;
    this.setup = { black: model.handicap_stones, white: [] };
    const colors = move_colors(model.handicap_stones, from);
    this.base = model.moves.slice(0, from).map((vertex, i) => ({ vertex, color: colors[i] }));
    this.first = color_after(model.handicap_stones, from);
    this.moves = [];
  }

  next_color() {
    return this.moves.length % 2 === 0 ? this.first : other_color(this.first);
  }

  position() {
    return replay_colored(this.size, this.setup, [...this.base, ...this.moves]);
  }

  // True when the stone was placed.
  play(vertex) {
    const point = from_vertex(vertex, this.size);
    if (!point || this.position().grid[point.y][point.x]) return false;
    const move = { vertex, color: this.next_color() };
    const after = replay_colored(this.size, this.setup, [...this.base, ...this.moves, move]);
    if (after.grid[point.y][point.x] !== move.color) return false;
    this.moves.push(move);
    return true;
  }

  undo() {
    this.moves.pop();
  }
}
