// The tournaments, newest first: name, system, status, round, entrants and
// when registration closes. The server shows them to signed-in users only.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { format_date } from "./format.js";
import { error_text } from "./error_text.js";
import { system_name, status_name, round_of } from "./tournament_format.js";
import * as proto from "./protocol.js";

// What a page that needs a login shows while nobody is signed in.
export function login_needed() {
  return h("p", { class: "login-needed" }, t("tournaments_login"), " ",
    h("a", { href: "#/", text: t("back_to_lobby") }));
}

export function mount_tournament_list(container, app) {
  const body = h("div", { class: "table-scroll" }, h("p", { class: "loading", text: t("loading") }));
  const page = h("section", { class: "panel tournament-list", id: "tournament-list" },
    h("h1", { text: t("tournaments") }), body);
  container.append(page);

  const show = (tournaments) => {
    if (tournaments.length === 0) {
      replace_children(body, h("p", { class: "empty", text: t("no_tournaments") }));
      return;
    }
    replace_children(body, h("table", { class: "tournaments" },
      h("thead", {}, h("tr", {},
        h("th", { text: t("tournament_name") }), h("th", { text: t("system") }), h("th", { text: t("status") }),
        h("th", { text: t("round") }), h("th", { text: t("entrants") }), h("th", { text: t("registration_closes") }))),
      h("tbody", {}, tournaments.map((tour) => h("tr", { "data-tournament": tour.id },
        h("td", {}, h("a", { class: "tournament-link", href: `#/tournament/${tour.id}`, text: tour.name })),
        h("td", { text: system_name(tour.system) }),
        h("td", { class: `status ${tour.status}`, text: status_name(tour.status) }),
        h("td", { class: "round", text: round_of(tour) }),
        h("td", { class: "entrants", text: String(tour.entrants) }),
        h("td", { text: format_date(tour.registration_closes_ms) }))))));
  };

  let loaded_for = null; // the user the list was loaded for
  const update = (state) => {
    if (state.status !== "open" || !state.session_checked) return;
    const user = state.user ? state.user.name : "";
    if (user === loaded_for) return;
    loaded_for = user;
    if (!user) {
      replace_children(body, login_needed());
      return;
    }
    app.connection.request(proto.tournament_list(100)).then(
      (reply) => show(reply.tournaments),
      (err) => replace_children(body, h("p", { class: "error", text: error_text(err) })));
  };
  update(app.store.state);
  return { update, destroy() {} };
}
