// Entry point: builds the App, the page frame (header, connection banner,
// notices, toasts) and routes by the URL hash: #/ lobby, #/game/ID,
// #/user/NAME, #/tournaments, #/tournament/ID, #/players, #/messages[/NAME],
// #/boards (new board, the user's boards), #/board/ID (an analysis board),
// #/problems (the problem library), #/problem/ID (solving one).

import { h, replace_children } from "./dom.js";
import { t, language, set_language, languages } from "./i18n.js";
import { App } from "./app.js";
import { mount_lobby } from "./lobby_view.js";
import { mount_game } from "./game_view.js";
import { mount_profile } from "./profile_view.js";
import { mount_tournament_list } from "./tournament_list_view.js";
import { mount_tournament } from "./tournament_view.js";
import { mount_players } from "./players_view.js";
import { mount_messages } from "./messages_view.js";
import { mount_boards } from "./boards_view.js";
import { mount_board } from "./board_page.js";
import { mount_problems } from "./problems_view.js";
import { mount_problem } from "./problem_page.js";
import { problem_route } from "./problem_logic.js";
import { describe_settings } from "./format.js";
import { pairing_text } from "./tournament_format.js";
import { countdown } from "./countdown.js";
import { settings_panel } from "./settings_panel.js";
import { follow_theme } from "./theme.js";
import { games_waiting, show_turn_icon } from "./turn_signal.js";

const ws_url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
const app = new App(ws_url);
window.yunzi = app; // for the browser console and for drop-the-connection tests

const header = document.getElementById("header");
const banner = document.getElementById("banner");
const notices = document.getElementById("notices");
const toasts = h("div", { id: "challenge-toasts", class: "challenge-toasts", "aria-live": "assertive" });
document.body.append(toasts);
const base_title = document.title;
const main = document.getElementById("main");
let view = null;
let header_key = null;

// A name from the address; a malformed escape ("%zz") is taken as written.
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function parse_route() {
  const problems = problem_route(location.hash);
  if (problems) return problems;
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "game" && /^\d+$/.test(parts[1] || "")) return { name: "game", id: Number(parts[1]) };
  if (parts[0] === "user" && parts[1]) return { name: "user", user: decoded(parts[1]) };
  if (parts[0] === "tournaments") return { name: "tournaments" };
  if (parts[0] === "players") return { name: "players" };
  if (parts[0] === "tournament" && /^\d+$/.test(parts[1] || "")) return { name: "tournament", id: Number(parts[1]) };
  if (parts[0] === "board" && /^\d+$/.test(parts[1] || "")) return { name: "board", id: Number(parts[1]) };
  if (parts[0] === "boards") return { name: "boards" };
  if (parts[0] === "messages") return { name: "messages", with: parts[1] ? decoded(parts[1]) : null };
  return { name: "lobby" };
}

function mount_route() {
  if (view) view.destroy();
  app.dismiss_view_notices();
  main.replaceChildren();
  const route = parse_route();
  if (route.name === "game") view = mount_game(main, app, route.id);
  else if (route.name === "user") view = mount_profile(main, app, route.user);
  else if (route.name === "tournaments") view = mount_tournament_list(main, app);
  else if (route.name === "tournament") view = mount_tournament(main, app, route.id);
  else if (route.name === "players") view = mount_players(main, app);
  else if (route.name === "board") view = mount_board(main, app, route.id);
  else if (route.name === "boards") view = mount_boards(main, app);
  else if (route.name === "messages") view = mount_messages(main, app, route.with);
  else if (route.name === "problems") view = mount_problems(main, app, route.theme);
  else if (route.name === "problem") view = mount_problem(main, app, route.id, route.theme);
  else view = mount_lobby(main, app);
  main.focus({ preventScroll: true });
}

// The settings panel, open below the header or not.
let panel = null;
function close_settings() {
  if (!panel) return;
  panel.stop();
  panel.remove();
  panel = null;
  header_key = null;
  render_header(app.store.state);
}
function toggle_settings() {
  if (panel) return close_settings();
  panel = settings_panel({ on_close: close_settings });
  header.after(panel);
  header_key = null;
  render_header(app.store.state);
  panel.querySelector("input").focus();
}

function render_header(state) {
  const unread = state.user ? state.messages.unread : 0;
  const key = `${language()}|${state.user ? `${state.user.name}|${state.user.rank}` : ""}|${unread}`;
  if (key === header_key) return;
  header_key = key;
  const other = languages.find((lang) => lang !== language());
  replace_children(header,
    h("a", { class: "brand", href: "#/", text: t("app_title") }),
    h("nav", {},
      h("a", { href: "#/", text: t("nav_lobby") }),
      h("a", { id: "nav-tournaments", href: "#/tournaments", text: t("nav_tournaments") }),
      h("a", { id: "nav-players", href: "#/players", text: t("nav_players") }),
      h("a", { id: "nav-boards", href: "#/boards", text: t("nav_boards") }),
      h("a", { id: "nav-problems", href: "#/problems", text: t("nav_problems") }),
      state.user ? h("a", { id: "nav-messages", href: "#/messages", "aria-label": unread ? t("messages_unread", { n: unread }) : null },
        t("nav_messages"), unread ? h("span", { id: "messages-badge", class: "badge unread", text: String(unread) }) : null) : null,
      state.user ? h("a", { id: "my-profile", href: `#/user/${encodeURIComponent(state.user.name)}`, text: `${state.user.name} ${state.user.rank}` }) : null,
      state.user ? h("button", { id: "logout-button", class: "link", text: t("logout"), onclick: () => app.logout() }) : null,
      h("button", { id: "settings-button", class: "link", "aria-expanded": String(Boolean(panel)),
        text: t("settings_button"), onclick: toggle_settings }),
      h("button", {
        id: "language-button", class: "link", lang: other === "zh" ? "zh-CN" : "en", text: t("language_switch"),
        onclick: () => {
          set_language(other);
          header_key = null;
          render_header(app.store.state);
          if (panel) { close_settings(); toggle_settings(); }
          mount_route();
        },
      })));
}

function render_frame(state) {
  render_header(state);
  const down = state.status !== "open";
  banner.hidden = !down;
  banner.textContent = state.ever_connected ? t("conn_down") : t("conn_connecting");
  document.body.classList.toggle("offline", down);
  render_notices(state.notices);
  render_challenges(state);
}

// Redrawn only when the list changes: a notice replaced by every clock tick
// could vanish under the finger that taps it.
let shown_notices = "";
function render_notices(list) {
  const key = list.map((n) => n.id).join(",");
  if (key === shown_notices) return;
  shown_notices = key;
  replace_children(notices, list.map((n) =>
    h("div", {
      class: `notice ${n.kind}${n.href ? " link" : ""}`, role: "status", text: n.text,
      onclick: () => {
        app.dismiss_notice(n.id);
        if (n.href) location.hash = n.href;
      },
    })));
}

// The user's latest pairing in a tournament, on every page, until dismissed
// or its game is opened from it. A round paired ahead of its start counts
// down to it: the game, and with it the button, comes when the round starts
// (and opens by itself then, like any new game, so the toast may well be
// read on its page); until then the page shows what it showed, such as the
// result of the game before.
function pairing_toast(pairing, route) {
  const on_its_page = route.name === "game" && route.id === pairing.game;
  const open = () => {
    app.dismiss_pairing(pairing.tournament);
    location.hash = `#/game/${pairing.game}`;
  };
  const waiting = pairing.game === null && pairing.starts_ms > Date.now();
  return h("div", {
    class: "challenge-toast pairing-toast", role: "alert", "data-tournament": pairing.tournament, "data-round": pairing.round,
    "data-game": pairing.game ?? "", "data-starts": pairing.starts_ms,
  },
    h("p", { text: pairing_text(pairing) }),
    waiting ? countdown(pairing.starts_ms, (left, left_ms) => (left_ms > 0 ? t("pairing_starts_in", { left }) : t("pairing_starting")),
      "p", { class: "pairing-countdown" }) : null,
    h("div", { class: "actions" },
      pairing.game !== null && !on_its_page ? h("button", { class: "open-pairing-game", text: t("open_game"), onclick: open }) : null,
      h("a", { class: "pairing-tournament", href: `#/tournament/${pairing.tournament}`, text: t("tournament_page") }),
      h("button", { class: "link dismiss-pairing", text: t("dismiss"), onclick: () => app.dismiss_pairing(pairing.tournament) })));
}

// The title: "● Your turn — " while a game of the player's waits for their
// move off the screen (the favicon changes with it), then the number of
// challenges waiting, then the site's name.
function render_title(state) {
  const route = parse_route();
  const waiting = games_waiting(state, route.name === "game" ? route.id : null, document.hidden);
  const count = state.challenges.size;
  const title = `${count ? `(${count}) ` : ""}${base_title}`;
  document.title = waiting.length ? `● ${t("your_turn_title")} — ${title}` : title;
  show_turn_icon(waiting.length > 0);
}

// A new private message on any page but its own conversation, until opened or dismissed.
function message_toast(message) {
  return h("div", { class: "challenge-toast message-toast", role: "alert", "data-message": message.id },
    h("p", { text: t("message_toast", { name: message.from }) }),
    h("p", { class: "message-preview", text: message.text }),
    h("div", { class: "actions" },
      h("a", { class: "open-message", href: `#/messages/${encodeURIComponent(message.from)}`, text: t("open_message") }),
      h("button", { class: "link dismiss-message", text: t("dismiss"), onclick: () => app.dismiss_message_toast(message.id) })));
}

// Challenges wait on every page but the lobby (which lists them itself) as
// toasts with accept and decline; the title counts them on every page.
// Tournament pairings join them as toasts on every page.
let shown_challenges = null;
function render_challenges(state) {
  render_title(state);
  const route = parse_route();
  const pairings = [...state.pairings.values()];
  const messages = [...state.message_toasts.values()];
  const key = `${language()}|${location.hash}|${[...state.challenges.keys()].join(",")}|` +
    pairings.map((p) => `${p.key}:${p.game}:${p.starts_ms}:${p.name}`).join(",") + `|${messages.map((m) => m.id).join(",")}`;
  if (key === shown_challenges) return;
  shown_challenges = key;
  const list = route.name === "lobby" ? [] : [...state.challenges.values()];
  const ask_permission = typeof Notification !== "undefined" && Notification.permission === "default";
  replace_children(toasts, messages.map(message_toast), pairings.map((p) => pairing_toast(p, route)), list.map((c) => h("div", { class: "challenge-toast", role: "alert", "data-challenge": c.id },
    h("p", { text: t("challenge_toast", { name: c.from.name, rank: c.from.rank, settings: describe_settings(c.settings) }) }),
    h("div", { class: "actions" },
      h("button", { class: "accept-challenge", text: t("accept"), onclick: () => app.answer_challenge(c.id, true) }),
      h("button", { class: "decline-challenge", text: t("decline"), onclick: () => app.answer_challenge(c.id, false) }),
      ask_permission ? h("button", {
        class: "link notify-permission", text: t("desktop_notifications"),
        onclick: () => Notification.requestPermission().then(() => { shown_challenges = null; render_challenges(app.store.state); }),
      }) : null))));
}

follow_theme();
set_language(language());
app.on_game_start = (id) => { location.hash = `#/game/${id}`; };
app.store.subscribe((state) => {
  render_frame(state);
  if (view) view.update(state);
});
window.addEventListener("hashchange", () => { mount_route(); render_challenges(app.store.state); });
document.addEventListener("visibilitychange", () => render_title(app.store.state));
render_frame(app.store.state);
mount_route();
app.start();
