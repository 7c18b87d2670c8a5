// Who watches the game: the signed-in spectators by name (each a link to
// the profile), how many more the server did not name, and how many watch
// without an account. Kept current by the state and game.spectators.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";

export class SpectatorView {
  constructor() {
    this.title_ = h("h2");
    this.list_ = h("ul", { class: "spectator-names" });
    this.extra_ = h("p", { class: "spectator-extra" });
    this.element = h("section", { class: "panel spectators", id: "spectator-list" }, this.title_, this.list_, this.extra_);
    this.shown_ = null;
  }

  update(model) {
    const names = model.spectator_names;
    const anonymous = model.anonymous_spectators;
    const key = `${model.spectators}|${anonymous}|${names.join("\n")}`;
    if (key === this.shown_) return;
    this.shown_ = key;
    const total = model.spectators + anonymous;
    this.title_.textContent = t("spectators_title", { n: total });
    replace_children(this.list_, names.map((name) => h("li", {},
      h("a", { href: `#/user/${encodeURIComponent(name)}`, "data-name": name, text: name }))));
    const lines = [];
    if (model.spectators > names.length) lines.push(t("spectators_more", { n: model.spectators - names.length }));
    if (anonymous > 0) lines.push(t("spectators_anonymous", { n: anonymous }));
    if (total === 0) lines.push(t("spectators_none"));
    this.extra_.textContent = lines.join(" · ");
    this.extra_.hidden = lines.length === 0;
  }
}
