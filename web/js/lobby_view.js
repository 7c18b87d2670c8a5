// The lobby: challenges to the user, quick play, open seeks, games in
// progress, the form for a new game, the machine opponents, the lobby chat
// and who is online. Lists
// re-render from the store; the form is built once so what the user typed
// survives updates.

import { h, replace_children } from "./dom.js";
import { t } from "./i18n.js";
import { auth_panel } from "./auth_view.js";
import { SettingsForm } from "./settings_form.js";
import { quick_play_panel } from "./quick_play.js";
import { LobbyChatView } from "./lobby_chat_view.js";
import { bots_panel } from "./bots_view.js";
import { user_label, describe_settings, describe_handicap } from "./format.js";
import * as proto from "./protocol.js";

// The width below which the page stacks (css/style.css).
const phone_width = window.matchMedia("(max-width: 760px)");

function section(id, title, body) {
  return h("section", { id, class: "panel" }, h("h2", { text: title }), body);
}

function empty_or(items) {
  return items.length ? items : [h("p", { class: "empty", text: t("none_yet") })];
}

// The server lists a bounded number of users and games; the rest are counted.
function with_unlisted(items, unlisted) {
  return unlisted > 0 ? [...items, h("li", { class: "unlisted", text: t("more_not_listed", { n: unlisted }) })] : items;
}

export function mount_lobby(container, app) {
  const form = new SettingsForm({
    on_seek: (settings) => app.request(proto.seek_create(settings)).catch(() => {}),
    on_challenge: (to, settings) => app.request(proto.challenge(to, settings)).catch(() => {}),
  });
  const auth_slot = h("div", { class: "auth-slot" });
  const challenges = h("div");
  const users = h("ul", { class: "users" });
  const seeks = h("ul", { class: "seeks" });
  const games = h("ul", { class: "games" });
  const challenges_section = section("challenges", t("challenges"), challenges);
  // The long form folds away on a phone, where quick play, the seeks and the
  // games come first; a wider screen has room to show it open.
  const form_slot = h("details", { id: "new-game", class: "panel new-game", open: !phone_width.matches },
    h("summary", { text: t("new_game_unfold") }), form.element);
  const quick = quick_play_panel(app);
  const bots = bots_panel(app, {
    on_choose: (name, settings) => {
      form_slot.open = true;
      form.use(settings);
      form.choose_opponent(name);
      form_slot.scrollIntoView({ block: "start" });
    },
  });
  const chat = new LobbyChatView(app);
  container.append(h("div", { class: "lobby" },
    auth_slot, challenges_section, quick.element,
    section("seek-list", t("seeks"), seeks),
    section("game-list", t("games_in_progress"), games),
    form_slot, bots.element, chat.element,
    section("user-list", t("users_online"), users)));
  app.watch_lobby();
  let auth_shown = null;

  function render_challenges(state) {
    const list = [...state.challenges.values()].map((c) => h("div", { class: "challenge", "data-challenge": c.id },
      h("p", { text: t("challenge_from", { name: c.from.name, rank: c.from.rank }) }),
      h("p", { class: "settings", text: describe_settings(c.settings) }),
      h("button", {
        class: "accept-challenge", text: t("accept"),
        onclick: () => app.answer_challenge(c.id, true),
      }),
      h("button", {
        class: "decline-challenge", text: t("decline"),
        onclick: () => app.answer_challenge(c.id, false),
      })));
    challenges_section.hidden = list.length === 0;
    replace_children(challenges, list);
  }

  function render_seeks(state) {
    const me = state.user && state.user.name;
    replace_children(seeks, empty_or([...state.lobby.seeks.values()].map((seek) => h("li", { "data-seek": seek.id },
      user_label(seek.from), " ", h("span", { class: "settings", text: describe_settings(seek.settings) }), " ",
      seek.from.name === me
        ? h("button", { class: "cancel-seek", text: t("cancel"), onclick: () => app.request(proto.seek_cancel(seek.id)).catch(() => {}) })
        : h("button", { class: "accept-seek", text: t("accept"), disabled: !me,
          onclick: () => app.request(proto.seek_accept(seek.id)).catch(() => {}) })))));
  }

  function render_games(state) {
    const watching = (game) => game.spectators + (game.anonymous_spectators ?? 0);
    replace_children(games, with_unlisted(empty_or([...state.lobby.games.values()].map((game) => h("li", { "data-game": game.game },
      h("a", { class: "watch-game", href: `#/game/${game.game}`, text: `${t("watch")} #${game.game}` }), " ",
      user_label(game.black), " – ", user_label(game.white), " ",
      h("span", { class: "settings", text: `${game.size}×${game.size} · ${describe_handicap(game.handicap)} · ${t("move_n", { n: game.move_number })} · ${t("spectators_n", { n: watching(game) })}` })))),
    state.lobby.unlisted_games));
  }

  function render_users(state) {
    const me = state.user && state.user.name;
    const online = [...state.lobby.users.values()].sort((a, b) => a.name.localeCompare(b.name));
    replace_children(users, with_unlisted(empty_or(online.map((user) => h("li", { "data-user": user.name },
      user_label(user), " ",
      user.status === "playing" ? h("span", { class: "badge playing", text: t("in_game") }) : null, " ",
      me && user.name !== me
        ? h("button", { class: "challenge-user", text: t("challenge"), onclick: () => {
          form_slot.open = true;
          form.choose_opponent(user.name);
        } })
        : null))), state.lobby.unlisted_users));
    form.set_opponents(online.map((u) => u.name).filter((name) => name !== me));
  }

  function update(state) {
    const logged_in = Boolean(state.user);
    if (auth_shown !== logged_in) {
      auth_shown = logged_in;
      replace_children(auth_slot, logged_in ? null : auth_panel(app));
      form_slot.hidden = !logged_in;
      quick.element.hidden = !logged_in;
    }
    render_challenges(state);
    render_seeks(state);
    render_games(state);
    render_users(state);
    bots.update();
    chat.update(state);
  }

  update(app.store.state);
  return {
    update,
    destroy: () => {
      quick.destroy();
      bots.destroy();
      app.unwatch_lobby();
    },
  };
}
