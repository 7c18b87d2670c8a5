// The Go board as SVG: wood, lines, star points, coordinates (or none),
// shaded stones (slate and shell) with a shadow, the last-move mark, a
// preview stone under the pointer, dead-stone and territory marks during
// counting. Every stone is a <circle class="stone"> with data-vertex and
// data-color, so the position can be read from the DOM. Clicks and the
// keyboard cursor (arrows + Enter) report a vertex to on_play. On a touch
// screen (view.confirm_touch) the first tap only shows the stone, as a
// ghost with guide lines; a second tap on the same point plays it. The
// board scales with its box (the viewBox), so the stones follow the space
// there is; without coordinates the margin shrinks and the stones grow.
// A board may be drawn in part (a problem's corner): only that rectangle is
// shown, cut a little past its last lines where it is not the board's edge.

import { s } from "./dom.js";
import { column_letter, to_vertex, from_vertex, star_points } from "./vertex.js";

// Around the outer lines: room for the coordinates, or a thin rim of wood.
const margin_with_coordinates = 1.3;
const margin_without = 0.6;
// Past the last line of a part of the board, so the lines are seen to go on.
const cut_margin = 0.6;

export class BoardView {
  constructor({ on_play, label }) {
    this.on_play_ = on_play;
    this.label_ = label;
    this.size_ = 0;
    this.coordinates_ = null;
    this.region_key_ = "";
    this.bounds_ = null; // the points shown: {left, top, right, bottom}
    this.pending_ = null; // the vertex a first tap chose on a touch screen
    this.pointer_type_ = "mouse";
    this.view_ = null;
    this.hover_ = null;
    this.cursor_ = null;
    this.last_cursor_ = null; // where the cursor was before a move hid it
    this.svg = s("svg", { class: "board", tabindex: "0", role: "grid", "aria-label": label(19) });
    this.svg.addEventListener("keydown", (event) => this.on_key_(event));
    this.svg.addEventListener("mouseleave", () => this.set_hover_(null));
    // What the coming click was made with: a finger asks for the second tap.
    this.svg.addEventListener("pointerdown", (event) => { this.pointer_type_ = event.pointerType; });
  }

  // view: {size, grid, last, dead (Set of vertices), owner (Map vertex->colour
  // or null), preview (colour to preview on hover, or null when not clickable),
  // numbers (move number of each stone by [y][x], or null to show none),
  // coordinates (draw them), confirm_touch (a tap shows, a second one plays),
  // sent (the vertex of a stone in the grid the server has not yet answered
  // for: drawn half-transparent until it does), region (the part of the board
  // to show, {left, top, right, bottom} in points from the top left, or null
  // for all of it), hint (a vertex to mark as the one to try)}
  render(view) {
    this.view_ = view;
    const coordinates = view.coordinates !== false;
    const region = view.region || null;
    const region_key = region ? `${region.left},${region.top},${region.right},${region.bottom}` : "";
    if (view.size !== this.size_ || coordinates !== this.coordinates_ || region_key !== this.region_key_) {
      this.build_(view.size, coordinates, region);
      this.region_key_ = region_key;
    }
    if (this.pending_) {
      const point = from_vertex(this.pending_, view.size);
      if (!view.preview || !point || view.grid[point.y][point.x]) this.pending_ = null;
    }
    const shadows = [];
    const stones = [];
    const marks = [];
    const { size, grid } = view;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const vertex = to_vertex(x, y, size);
        const color = grid[y][x];
        if (color) {
          const dead = view.dead && view.dead.has(vertex);
          if (!dead) shadows.push(s("circle", { class: "stone-shadow", cx: x + 0.05, cy: y + 0.07, r: 0.47 }));
          stones.push(s("circle", {
            class: `stone ${color}${dead ? " dead" : ""}${vertex === view.sent ? " sent" : ""}`, cx: x, cy: y, r: 0.47,
            "data-vertex": vertex, "data-color": color,
          }));
          if (dead) marks.push(cross(x, y, color));
          const number = view.numbers && view.numbers[y][x];
          if (number) marks.push(move_number(x, y, color, vertex, number, view.last && view.last.number === number));
        }
        const owner = view.owner && view.owner.get(vertex);
        if (owner) {
          marks.push(s("rect", {
            class: `territory ${owner}`, x: x - 0.16, y: y - 0.16, width: 0.32, height: 0.32, "data-vertex": vertex,
          }));
        }
      }
    }
    // With numbers shown the last move's number is marked instead of ringed.
    if (view.last && !view.numbers) {
      const point = from_vertex(view.last.vertex, size);
      if (point && grid[point.y][point.x]) {
        marks.push(s("circle", {
          class: `last-move on-${grid[point.y][point.x]}`, cx: point.x, cy: point.y, r: 0.2,
          "data-vertex": view.last.vertex,
        }));
      }
    }
    const hinted = view.hint ? from_vertex(view.hint, size) : null;
    if (hinted) {
      marks.push(s("circle", { class: "hint-mark", cx: hinted.x, cy: hinted.y, r: 0.3, "data-vertex": view.hint }));
    }
    if (view.passed) marks.push(pass_note(size, view.passed, view.pass_label(view.passed)));
    this.shadows_layer_.replaceChildren(...shadows);
    this.stones_layer_.replaceChildren(...stones);
    this.marks_layer_.replaceChildren(...marks);
    if (!view.interactive && this.cursor_) {
      this.last_cursor_ = this.cursor_;
      this.cursor_ = null;
    }
    this.draw_preview_();
  }

  focus() { this.svg.focus(); }

  build_(size, coordinates, region) {
    this.size_ = size;
    this.coordinates_ = coordinates;
    const margin = coordinates ? margin_with_coordinates : margin_without;
    this.cursor_ = null;
    this.last_cursor_ = null;
    this.pending_ = null;
    const extent = size - 1 + 2 * margin;
    const end = size - 1;
    const bounds = region
      ? {
        left: clamp(region.left, 0, end), top: clamp(region.top, 0, end),
        right: clamp(region.right, 0, end), bottom: clamp(region.bottom, 0, end),
      }
      : { left: 0, top: 0, right: end, bottom: end };
    this.bounds_ = bounds;
    // The board's edge keeps its margin (and coordinates); a cut side shows a little beyond its line.
    const low = (at) => at - (at === 0 ? margin : cut_margin);
    const high = (at) => at + (at === end ? margin : cut_margin);
    const view_left = low(bounds.left);
    const view_top = low(bounds.top);
    this.svg.setAttribute("viewBox",
      `${view_left} ${view_top} ${high(bounds.right) - view_left} ${high(bounds.bottom) - view_top}`);
    this.svg.setAttribute("aria-label", this.label_(size));
    const lines = [];
    for (let i = 0; i < size; i++) {
      lines.push(s("line", { x1: 0, y1: i, x2: size - 1, y2: i }));
      lines.push(s("line", { x1: i, y1: 0, x2: i, y2: size - 1 }));
    }
    const stars = star_points(size).map(([x, y]) => s("circle", { class: "star", cx: x, cy: y, r: 0.1 }));
    const labels = [];
    for (let i = 0; coordinates && i < size; i++) {
      const letter = column_letter(i);
      const number = String(size - i);
      labels.push(s("text", { x: i, y: -margin / 2 - 0.1, text: letter }));
      labels.push(s("text", { x: i, y: size - 1 + margin / 2 + 0.1, text: letter }));
      labels.push(s("text", { x: -margin / 2 - 0.05, y: i, text: number }));
      labels.push(s("text", { x: size - 1 + margin / 2 + 0.05, y: i, text: number }));
    }
    // The points on the edge take the whole margin beyond them, so a finger
    // a little off the board still hits the edge point.
    const reach = (i) => [i === 0 ? margin : 0.5, i === size - 1 ? margin : 0.5];
    const hits = [];
    for (let y = 0; y < size; y++) {
      const [top, bottom] = reach(y);
      for (let x = 0; x < size; x++) {
        const [left, right] = reach(x);
        const vertex = to_vertex(x, y, size);
        hits.push(s("rect", {
          class: "hit", x: x - left, y: y - top, width: left + right, height: top + bottom, "data-vertex": vertex,
          onmouseenter: () => this.set_hover_(vertex),
          onclick: () => this.on_hit_(vertex),
        }));
      }
    }
    this.shadows_layer_ = s("g", { class: "stone-shadows" });
    this.stones_layer_ = s("g", { class: "stones" });
    this.marks_layer_ = s("g", { class: "marks" });
    this.preview_layer_ = s("g", { class: "preview-layer" });
    const wood = s("linearGradient", { id: "yunzi-wood", x1: "0", y1: "0", x2: "1", y2: "0.35" },
      s("stop", { offset: "0", "stop-color": "#eccb86" }),
      s("stop", { offset: "0.45", "stop-color": "#ddb063" }),
      s("stop", { offset: "0.7", "stop-color": "#e7c078" }),
      s("stop", { offset: "1", "stop-color": "#d5a453" }));
    // Slate: a soft highlight up and to the left; shell: white with a cool edge.
    const slate = s("radialGradient", { id: "yunzi-stone-black", cx: "0.36", cy: "0.32", r: "0.7", fx: "0.32", fy: "0.28" },
      s("stop", { offset: "0", "stop-color": "#6b6b6b" }),
      s("stop", { offset: "0.35", "stop-color": "#2a2a2a" }),
      s("stop", { offset: "1", "stop-color": "#050505" }));
    const shell = s("radialGradient", { id: "yunzi-stone-white", cx: "0.38", cy: "0.34", r: "0.75", fx: "0.34", fy: "0.3" },
      s("stop", { offset: "0", "stop-color": "#ffffff" }),
      s("stop", { offset: "0.55", "stop-color": "#f1f0ea" }),
      s("stop", { offset: "0.9", "stop-color": "#cfcdc4" }),
      s("stop", { offset: "1", "stop-color": "#b8b6ad" }));
    this.svg.replaceChildren(
      s("defs", {}, wood, slate, shell),
      s("rect", { class: "wood", x: -margin, y: -margin, width: extent, height: extent, rx: 0.3, fill: "url(#yunzi-wood)" }),
      s("g", { class: "grid" }, lines),
      s("g", { class: "stars" }, stars),
      s("g", { class: "coords" }, labels),
      this.shadows_layer_,
      this.stones_layer_,
      this.marks_layer_,
      this.preview_layer_,
      s("g", { class: "hits" }, hits),
    );
  }

  hide_cursor_() {
    if (this.cursor_) this.last_cursor_ = this.cursor_;
    this.cursor_ = null;
    if (this.hover_ && this.view_ && !this.view_.interactive) this.hover_ = null;
    this.draw_preview_();
  }

  set_hover_(vertex) {
    this.hover_ = vertex;
    this.draw_preview_();
  }

  // A click on a point. With a finger, while a stone may be played, the first
  // tap shows it and only a second tap on the same point plays it.
  on_hit_(vertex) {
    const view = this.view_;
    const confirm = this.pointer_type_ === "touch" && view && view.confirm_touch && view.preview;
    if (confirm && this.pending_ !== vertex) {
      const point = from_vertex(vertex, this.size_);
      if (view.grid[point.y][point.x]) return;
      this.pending_ = vertex;
      this.draw_preview_();
      return;
    }
    this.pending_ = null;
    this.draw_preview_();
    this.on_play_(vertex);
  }

  draw_preview_() {
    if (!this.preview_layer_) return;
    const shapes = [];
    const view = this.view_;
    const pending = this.pending_ && view ? from_vertex(this.pending_, this.size_) : null;
    // A finger has no hover: only the tapped point is shown.
    const hover = this.pointer_type_ !== "touch" && this.hover_ && view ? from_vertex(this.hover_, this.size_) : null;
    const spot = pending || hover;
    if (spot && view.preview && !view.grid[spot.y][spot.x]) {
      if (pending) {
        const end = this.size_ - 1;
        shapes.push(s("path", { class: "touch-guide", d: `M0 ${spot.y}H${end}M${spot.x} 0V${end}` }));
      }
      shapes.push(s("circle", {
        class: `preview ${view.preview}${pending ? " pending" : ""}`, cx: spot.x, cy: spot.y, r: 0.47,
        "data-vertex": to_vertex(spot.x, spot.y, this.size_),
      }));
    }
    if (this.cursor_) {
      shapes.push(s("rect", {
        class: "cursor", x: this.cursor_.x - 0.5, y: this.cursor_.y - 0.5, width: 1, height: 1,
      }));
    }
    this.preview_layer_.replaceChildren(...shapes);
  }

  // The cursor exists only while the board can be played on; otherwise the
  // arrow keys go on to the page, which moves through the game.
  on_key_(event) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const size = this.size_;
    if (!size) return;
    if (!this.view_ || !this.view_.interactive) {
      this.hide_cursor_();
      return;
    }
    if (steps[event.key]) {
      this.pointer_type_ = "keyboard"; // the cursor's stone shows even after a tap
      const [dx, dy] = steps[event.key];
      // The cursor stays on the points shown (all of them, or a problem's part).
      const { left, top, right, bottom } = this.bounds_;
      const middle = { x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2) };
      const from = this.cursor_ || this.last_cursor_ || { x: middle.x - dx, y: middle.y - dy };
      this.cursor_ = { x: clamp(from.x + dx, left, right), y: clamp(from.y + dy, top, bottom) };
      this.hover_ = to_vertex(this.cursor_.x, this.cursor_.y, size);
      this.draw_preview_();
    } else if ((event.key === "Enter" || event.key === " ") && this.cursor_) {
      const vertex = to_vertex(this.cursor_.x, this.cursor_.y, size);
      // The cursor goes away with the move; the next arrow brings it back here.
      this.hide_cursor_();
      this.pending_ = null;
      this.on_play_(vertex);
    } else if (event.key === "Escape") {
      this.hide_cursor_();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

// "Black passed" across the middle of the board, where the last-move mark
// would otherwise be looked for.
// A move's number on its stone, smaller from three digits on.
function move_number(x, y, color, vertex, number, last) {
  const text = String(number);
  return s("text", {
    class: `move-number on-${color}${last ? " last" : ""}`, x, y, "data-vertex": vertex,
    "font-size": text.length >= 3 ? 0.36 : 0.46, text,
  });
}

function pass_note(size, color, label) {
  const middle = (size - 1) / 2;
  const width = Math.min(size - 1, Math.max(4, label.length * 0.42));
  return s("g", { class: `pass-note ${color}`, "data-color": color },
    s("rect", { x: middle - width / 2, y: middle - 0.6, width, height: 1.2, rx: 0.3 }),
    s("text", { x: middle, y: middle, text: label }));
}

function cross(x, y, color) {
  const d = 0.22;
  return s("path", {
    class: `dead-mark on-${color}`,
    d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`,
  });
}
