// An analysis board's move tree drawn as SVG, one row per variation (the
// layout is BoardTree's): each move a small stone with its number, lines
// from a move to the moves after it, the node shown ringed. A click on a
// move reports its id. The box scrolls (both ways) inside its own width,
// and keeps the node shown in view.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const cell = 28;
const radius = 10;

export class MoveTreeView {
  constructor({ on_select }) {
    this.svg = s("svg", { class: "move-tree", role: "tree", "aria-label": t("move_tree") });
    this.element = h("div", { class: "move-tree-box", id: "move-tree" }, this.svg);
    this.svg.addEventListener("click", (event) => {
      const target = event.target.closest("[data-node]");
      if (target) on_select(Number(target.dataset.node));
    });
  }

  // shown: the node on the board; current: the owner's node (the same unless a watcher looks elsewhere).
  render(tree, shown, current) {
    const { cells, rows, cols, place } = tree.layout();
    const x = (c) => c.col * cell + cell / 2;
    const y = (c) => c.row * cell + cell / 2;
    const edges = [];
    const nodes = [];
    for (const c of cells) {
      const node = tree.nodes.get(c.id);
      const parent = node.parent === null ? null : place.get(node.parent);
      if (parent) {
        // Down the parent's column to the row above, then aslant into the move.
        const d = parent.row === c.row ? `M${x(parent)} ${y(parent)}H${x(c)}`
          : `M${x(parent)} ${y(parent)}V${y(c) - cell}L${x(c)} ${y(c)}`;
        edges.push(s("path", { class: "tree-edge", d }));
      }
      const label = node.parent === null ? t("tree_root")
        : t("tree_move", { n: node.number, color: t(node.color), vertex: node.vertex === "pass" ? t("pass") : node.vertex });
      const classes = ["tree-node", node.color || "root", node.vertex === "pass" ? "pass" : "",
        c.id === shown ? "shown" : "", c.id === current ? "current" : "", node.comment ? "commented" : ""]
        .filter(Boolean).join(" ");
      nodes.push(s("g", { class: classes, "data-node": c.id, role: "treeitem", "aria-label": label,
        "aria-selected": String(c.id === shown), transform: `translate(${x(c)} ${y(c)})` },
      c.id === shown ? s("circle", { class: "tree-ring", r: radius + 3.5 }) : null,
      s("circle", { class: "tree-stone", r: radius }),
      s("text", { class: "tree-number", text: node.parent === null ? "○" : String(node.number) }),
      node.comment ? s("circle", { class: "tree-note", cx: radius * 0.8, cy: -radius * 0.8, r: 2.5 }) : null));
    }
    const width = cols * cell;
    const height = rows * cell;
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("width", String(width));
    this.svg.setAttribute("height", String(height));
    this.svg.replaceChildren(s("g", {}, ...edges), s("g", {}, ...nodes));
    this.element.dataset.nodes = String(cells.length);
    this.element.dataset.rows = String(rows);
    const here = place.get(shown);
    if (here) this.keep_in_view_(x(here), y(here));
  }

  keep_in_view_(cx, cy) {
    const box = this.element;
    if (cx - cell < box.scrollLeft || cx + cell > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, cx - box.clientWidth / 2);
    }
    if (cy - cell < box.scrollTop || cy + cell > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, cy - box.clientHeight / 2);
    }
  }
}
