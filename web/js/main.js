// Entry point: builds the App, the page frame (header, connection banner,
// notices) and routes by the URL hash: #/ lobby, #/game/ID, #/user/NAME.

import { h, replace_children } from "./dom.js";
import { t, language, set_language, languages } from "./i18n.js";
import { App } from "./app.js";
import { mount_lobby } from "./lobby_view.js";
import { mount_game } from "./game_view.js";
import { mount_profile } from "./profile_view.js";

const ws_url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
const app = new App(ws_url);
window.yunzi = app; // for the browser console and for drop-the-connection tests

const header = document.getElementById("header");
const banner = document.getElementById("banner");
const notices = document.getElementById("notices");
const main = document.getElementById("main");
let view = null;
let header_key = null;

function parse_route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "game" && /^\d+$/.test(parts[1] || "")) return { name: "game", id: Number(parts[1]) };
  if (parts[0] === "user" && parts[1]) return { name: "user", user: decodeURIComponent(parts[1]) };
  return { name: "lobby" };
}

function mount_route() {
  if (view) view.destroy();
  main.replaceChildren();
  const route = parse_route();
  if (route.name === "game") view = mount_game(main, app, route.id);
  else if (route.name === "user") view = mount_profile(main, app, route.user);
  else view = mount_lobby(main, app);
  main.focus({ preventScroll: true });
}

function render_header(state) {
  const key = `${language()}|${state.user ? `${state.user.name}|${state.user.rank}` : ""}`;
  if (key === header_key) return;
  header_key = key;
  const other = languages.find((lang) => lang !== language());
  replace_children(header,
    h("a", { class: "brand", href: "#/", text: t("app_title") }),
    h("nav", {},
      h("a", { href: "#/", text: t("nav_lobby") }),
      state.user ? h("a", { id: "my-profile", href: `#/user/${encodeURIComponent(state.user.name)}`, text: `${state.user.name} ${state.user.rank}` }) : null,
      state.user ? h("button", { id: "logout-button", class: "link", text: t("logout"), onclick: () => app.logout() }) : null,
      h("button", {
        id: "language-button", class: "link", lang: other === "zh" ? "zh-CN" : "en", text: t("language_switch"),
        onclick: () => { set_language(other); header_key = null; render_header(app.store.state); mount_route(); },
      })));
}

function render_frame(state) {
  render_header(state);
  const down = state.status !== "open";
  banner.hidden = !down;
  banner.textContent = state.ever_connected ? t("conn_down") : t("conn_connecting");
  document.body.classList.toggle("offline", down);
  replace_children(notices, state.notices.map((n) => h("div", { class: `notice ${n.kind}`, role: "status", text: n.text })));
}

set_language(language());
app.on_game_start = (id) => { location.hash = `#/game/${id}`; };
app.store.subscribe((state) => {
  render_frame(state);
  if (view) view.update(state);
});
window.addEventListener("hashchange", mount_route);
render_frame(app.store.state);
mount_route();
app.start();
