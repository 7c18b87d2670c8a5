// Players (#/players): search by part of a name, and the players the user
// follows with who is online; follow and unfollow from either list. The
// followed list is read again after each change, when a followed player
// comes online (follow.online) and every 30 s for those who leave.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { error_text } from "./error_text.js";
import { user_label } from "./format.js";
import * as proto from "./protocol.js";

const refresh_ms = 30000;

export function mount_players(container, app) {
  const query = h("input", { type: "search", class: "player-query", maxlength: "20", "aria-label": t("player_search") });
  const results = h("ul", { class: "players search-results" });
  const followed = h("ul", { class: "players followed" });
  const message = h("p", { class: "players-message", role: "status" });
  let following = new Set();

  const form = h("form", { class: "player-search" }, query, h("button", { type: "submit", text: t("search") }));
  container.append(h("div", { class: "players-page" },
    h("section", { class: "panel", id: "player-search" }, h("h1", { text: t("players") }), form, message, results),
    h("section", { class: "panel", id: "followed-players" }, h("h2", { text: t("following") }), followed)));

  const signed_in = () => Boolean(app.store.state.user);
  const me = () => app.store.state.user && app.store.state.user.name;

  function row(user) {
    const is_followed = following.has(user.name);
    return h("li", { "data-name": user.name },
      h("span", { class: `presence ${user.online ? "online" : "offline"}`, title: t(user.online ? "online" : "offline") }),
      " ", user_label(user), " ",
      signed_in() && user.name !== me()
        ? h("button", {
          class: is_followed ? "unfollow" : "follow", text: t(is_followed ? "unfollow" : "follow"),
          onclick: () => change(is_followed ? proto.unfollow(user.name) : proto.follow(user.name)),
        })
        : null);
  }

  function show(list, users, empty_key) {
    replace_children(list, users.length ? users.map(row) : [h("li", { class: "empty", text: t(empty_key) })]);
  }

  let last_results = [];
  async function load_followed() {
    if (!signed_in()) {
      following = new Set();
      replace_children(followed, h("li", { class: "empty", text: t("following_login") }));
      return;
    }
    const reply = await app.request(proto.follows()).catch(() => null);
    if (!reply) return;
    following = new Set(reply.users.map((u) => u.name));
    show(followed, reply.users, "following_none");
    show(results, last_results, "no_players_found");
  }

  async function change(request) {
    try {
      await app.connection.request(request);
      message.textContent = "";
    } catch (err) {
      message.textContent = error_text(err);
    }
    await load_followed();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = query.value.trim();
    if (!name) return;
    try {
      const reply = await app.connection.request(proto.user_search(name, 50));
      last_results = reply.users;
      message.textContent = "";
      show(results, last_results, "no_players_found");
    } catch (err) {
      message.textContent = error_text(err);
    }
  });

  let loaded_for = null;
  const update = (state) => {
    if (state.status !== "open" || !state.session_checked) return;
    const user = state.user ? state.user.name : "";
    if (user === loaded_for) return;
    loaded_for = user;
    load_followed();
  };
  const timer = setInterval(() => { if (app.store.state.status === "open") load_followed(); }, refresh_ms);
  // A followed player's arrival is told as it happens: the list shows them online at once.
  const stop_listening = app.connection.on(proto.Event.follow_online, () => load_followed());
  update(app.store.state);
  return {
    update,
    destroy: () => {
      clearInterval(timer);
      stop_listening();
    },
  };
}
