// The game's record as the server writes it: the SGF of the whole game, the
// text diagram (for forums) and the SVG picture of the move shown, and a
// button that saves that picture as a PNG. The PNG is the server's SVG drawn
// on a canvas: the picture comes from the page's own origin, so the canvas
// may be read, and the download is a blob: URL (nothing inline, nothing
// from elsewhere).

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function record_url(game_id, format, move) {
  const query = move === undefined ? "" : `?move=${move}`;
  return `/games/${game_id}.${format}${query}`;
}

async function svg_to_png(url) {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext("2d").drawImage(image, 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
  });
}

function download(blob, name) {
  const href = URL.createObjectURL(blob);
  const link = h("a", { href, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(href), 10000);
}

export class RecordLinks {
  constructor(game_id) {
    this.game_id_ = game_id;
    this.move_ = 0;
    this.sgf_ = h("a", {
      id: "record-sgf", class: "button", href: record_url(game_id, "sgf"), download: `yunzi-${game_id}.sgf`,
      text: t("record_sgf"),
    });
    const opens_apart = { class: "button", target: "_blank", rel: "noopener" };
    this.txt_ = h("a", { id: "record-txt", ...opens_apart, text: t("record_txt") });
    this.svg_ = h("a", { id: "record-svg", ...opens_apart, text: t("record_svg") });
    this.png_ = h("button", { id: "record-png", type: "button", text: t("record_png"), onclick: () => this.save_png_() });
    this.problem_ = h("span", { class: "record-problem", role: "status" });
    this.element = h("div", { class: "record-links" }, this.sgf_, this.txt_, this.svg_, this.png_, this.problem_);
  }

  // move: the number of moves on the board shown.
  update(move) {
    this.move_ = move;
    this.txt_.href = record_url(this.game_id_, "txt", move);
    this.txt_.title = t("record_txt_title", { n: move });
    this.svg_.href = record_url(this.game_id_, "svg", move);
    this.svg_.title = t("record_svg_title", { n: move });
    this.png_.title = t("record_png_title", { n: move });
  }

  async save_png_() {
    const move = this.move_;
    this.png_.disabled = true;
    this.problem_.textContent = "";
    try {
      const png = await svg_to_png(record_url(this.game_id_, "svg", move));
      download(png, `yunzi-${this.game_id_}-move-${move}.png`);
    } catch {
      this.problem_.textContent = t("record_png_failed");
    } finally {
      this.png_.disabled = false;
    }
  }
}
