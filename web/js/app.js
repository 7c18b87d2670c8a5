// The client's controller: owns the connection, the store and the game
// sessions; logs in and resumes; keeps the lobby (with its chat) and the
// user's own events (challenges, private messages, rank changes, notices)
// in the store. Views call its methods and read its store; a view that
// needs what the store does not keep (boards, profiles, player search,
// tournaments, estimates, quick play's start) also sends its own requests and
// listens for events through `app.connection`. Only `Connection` holds the
// WebSocket itself.

import { Connection } from "./connection.js";
import { Store } from "./store.js";
import { GameSessions } from "./game_sessions.js";
import { language, t } from "./i18n.js";
import { error_text } from "./error_text.js";
import { play_sound, played } from "./sounds.js";
import { tones } from "./beep.js";
import { describe_settings } from "./format.js";
import { pairing_text } from "./tournament_format.js";
import * as proto from "./protocol.js";
import { Event } from "./protocol.js";

const token_key = "yunzi.token";
// The lobby chat lines kept on the page (the server sends at most its own history).
const lobby_chat_kept = 200;

// unlisted_*: how many the server left out of the snapshot (it lists a
// bounded number of users and games, with the totals).
function empty_lobby() {
  return {
    users: new Map(), seeks: new Map(), games: new Map(), chat: [], unlisted_users: 0, unlisted_games: 0, loaded: false,
  };
}

// Private messages: the unread count (the header's badge), the conversation
// list, and the conversation open on the messages page (oldest first).
function empty_messages() {
  return { unread: 0, conversations: [], open: null, thread: [], next: null, loaded: false };
}

// A promise with its own settle(), and whether it has been settled.
function settled_later() {
  const later = { done: false };
  later.promise = new Promise((resolve) => {
    later.settle = () => {
      later.done = true;
      resolve();
    };
  });
  return later;
}

// A refusal as the user reads it: the end of a ban in their language and
// time zone, anything else as error_text words it.
function refusal_text(err) {
  if (err.code === "banned" && Number.isFinite(err.until)) {
    return t("banned_until", { when: new Date(err.until).toLocaleString(language()) });
  }
  return error_text(err);
}

export class App {
  constructor(ws_url) {
    this.connection = new Connection(ws_url);
    this.store = new Store({
      status: "connecting",
      ever_connected: false,
      user: null,
      lobby: empty_lobby(),
      challenges: new Map(),
      // The user's latest pairing in each tournament, as a toast on every
      // page: tournament id -> the tournament.pairing event with the
      // tournament's name. A new pairing (the next round, or this one's game
      // as it starts) takes the place of the one before.
      pairings: new Map(),
      // Whether the saved session has been tried on this connection, so a
      // page that needs a login does not ask for one while it is resumed.
      session_checked: false,
      games: new Map(),
      notices: [],
      messages: empty_messages(),
      // New private messages as toasts on every page but their conversation: id -> message.
      message_toasts: new Map(),
    });
    this.sessions = new GameSessions(this.connection, this.store);
    this.sounds_played = played; // for tests and the console
    this.tones_played = tones;
    this.lobby_watched_ = false;
    this.opened_before_ = false;
    this.next_notice_id_ = 1;
    this.tournament_names_ = new Map();
    this.pairings_told_ = new Set(); // "tournament:round" of every pairing toast shown
    this.on_game_start = () => {};
    // Settled once a connection is up and the kept session has been tried on it.
    this.session_ready_ = settled_later();
    this.connection.on_status((status) => {
      if (status !== "open" && this.session_ready_.done) this.session_ready_ = settled_later();
      this.store.update((state) => {
        state.status = status;
        if (status === "open") state.ever_connected = true;
      });
    });
    this.connection.on_open(() => this.on_open_());
    this.listen_();
  }

  start() {
    this.connection.connect();
  }

  // Runs `read` once the link is up and the kept session has been tried on
  // it, and again after each reconnection's: a page showing the player's own
  // data (a problem's attempt) reads it as the player, not as a visitor.
  // Returns the function that stops it.
  each_session(read) {
    let stopped = false;
    let awaited = null;
    const wait = () => {
      const ready = this.session_ready_.promise;
      if (ready === awaited) return;
      awaited = ready;
      ready.then(() => { if (!stopped) read(); });
    };
    const stop_on_open = this.connection.on_open(wait);
    wait();
    return () => {
      stopped = true;
      stop_on_open();
    };
  }

  // Any request (built with protocol.js); a refusal is shown as a notice and
  // rethrown for the caller.
  async request(message) {
    try {
      return await this.connection.request(message);
    } catch (err) {
      this.notify(refusal_text(err), "error", { of_view: true });
      throw err;
    }
  }

  // A form sent while the page is still connecting waits for the link and
  // for the kept session's resume, which would otherwise race it (and, on
  // failing, forget the new login's token).
  async register(name, password, rank) {
    await this.session_ready_.promise;
    const reply = await this.request(proto.register(name, password, rank));
    this.logged_in_(reply);
  }

  async login(name, password) {
    await this.session_ready_.promise;
    const reply = await this.request(proto.login(name, password));
    this.logged_in_(reply);
  }

  async logout() {
    localStorage.removeItem(token_key);
    await this.request(proto.logout()).catch(() => {});
    this.store.update((state) => {
      state.user = null;
      state.challenges.clear();
      state.pairings.clear();
      this.pairings_told_.clear();
      state.messages = empty_messages();
      state.message_toasts.clear();
    });
  }

  send_lobby_chat(text) {
    return this.request(proto.lobby_chat(text));
  }

  // The conversation list and the unread count, read again.
  async load_conversations() {
    if (!this.store.state.user) return;
    const reply = await this.connection.request(proto.message_conversations(100)).catch(() => null);
    if (!reply) return;
    this.store.update((state) => {
      state.messages.conversations = reply.conversations;
      state.messages.unread = reply.unread;
      state.messages.loaded = true;
    });
  }

  // Opens the conversation with `name` on the messages page: its newest page, marked read.
  async open_conversation(name) {
    this.store.update((state) => {
      state.messages.open = name;
      state.messages.thread = [];
      state.messages.next = null;
      for (const [id, message] of state.message_toasts) {
        if (message.from === name) state.message_toasts.delete(id);
      }
    });
    if (!name || !this.store.state.user) return;
    const reply = await this.request(proto.message_history({ with: name, limit: 50 })).catch(() => null);
    if (!reply || this.store.state.messages.open !== name) return;
    this.store.update((state) => {
      state.messages.thread = [...reply.messages].reverse();
      state.messages.next = reply.next ?? null;
    });
    await this.mark_read_(name);
  }

  // The page before the oldest message shown.
  async older_messages() {
    const { open, next } = this.store.state.messages;
    if (!open || next === null) return;
    const reply = await this.request(proto.message_history({ with: open, before: next, limit: 50 })).catch(() => null);
    if (!reply || this.store.state.messages.open !== open) return;
    this.store.update((state) => {
      state.messages.thread = [...[...reply.messages].reverse(), ...state.messages.thread];
      state.messages.next = reply.next ?? null;
    });
  }

  close_conversation() {
    this.store.update((state) => {
      state.messages.open = null;
      state.messages.thread = [];
    });
  }

  async send_message(to, text) {
    const reply = await this.request(proto.message_send(to, text));
    this.store.update((state) => {
      if (state.messages.open === to) state.messages.thread.push(reply.message);
    });
    await this.load_conversations();
    return reply.message;
  }

  dismiss_message_toast(id) {
    this.store.update((state) => state.message_toasts.delete(id));
  }

  async mark_read_(name) {
    const reply = await this.connection.request(proto.message_read(name)).catch(() => null);
    if (!reply) return;
    this.store.update((state) => {
      state.messages.unread = reply.unread;
      const entry = state.messages.conversations.find((c) => c.with === name);
      if (entry) entry.unread = 0;
    });
  }

  // A private message: into the open conversation (read at once), or a
  // toast on every page with the badge counting it; a sound either way.
  receive_message_(message) {
    const open = this.store.state.messages.open === message.from;
    this.store.update((state) => {
      if (open) state.messages.thread.push(message);
      else state.message_toasts.set(message.id, message);
    });
    play_sound("challenge");
    if (open) this.mark_read_(message.from).then(() => this.load_conversations());
    else this.load_conversations();
  }

  watch_lobby() {
    this.lobby_watched_ = true;
    if (this.connection.status !== "open") return; // the next connection watches it
    this.request(proto.lobby_watch()).then((reply) => this.load_lobby_(reply), () => {});
  }

  unwatch_lobby() {
    this.lobby_watched_ = false;
    this.connection.request(proto.lobby_unwatch()).catch(() => {});
  }

  // of_view: the notice answers something done on the page shown (a refused
  // request), so it goes when another page is opened. href: where a tap on
  // the pop-up leads (it closes it in any case).
  notify(text, kind = "info", { of_view = false, href = null } = {}) {
    const id = this.next_notice_id_++;
    this.store.update((state) => state.notices.push({ id, text, kind, of_view, href }));
    setTimeout(() => this.dismiss_notice(id), kind === "error" ? 6000 : 4000);
  }

  // Another page opened: what answered the last one no longer applies.
  dismiss_view_notices() {
    if (!this.store.state.notices.some((n) => n.of_view)) return;
    this.store.update((state) => {
      state.notices = state.notices.filter((n) => !n.of_view);
    });
  }

  // A tap on a pop-up closes it before its time: it may sit over what the player wants to reach.
  dismiss_notice(id) {
    this.store.update((state) => {
      state.notices = state.notices.filter((n) => n.id !== id);
    });
  }

  async on_open_() {
    const reconnect = this.opened_before_;
    this.opened_before_ = true;
    await this.connection.request(proto.hello()).catch(() => {});
    const token = localStorage.getItem(token_key);
    this.store.update((state) => { state.session_checked = !token; });
    let own_games = [];
    if (token) {
      try {
        const reply = await this.connection.request(proto.resume(token));
        this.store.update((state) => { state.user = reply.user; });
        own_games = reply.games || [];
        this.load_conversations();
      } catch (err) {
        if (err.code === "bad_credentials" || err.code === "bad_request") localStorage.removeItem(token_key);
        this.store.update((state) => { state.user = null; });
      }
      this.store.update((state) => { state.session_checked = true; });
    }
    if (this.connection.status === "open") this.session_ready_.settle();
    if (this.lobby_watched_) this.watch_lobby();
    await this.sessions.rewatch(own_games);
    if (reconnect) this.notify(t("conn_restored"));
  }

  logged_in_(reply) {
    localStorage.setItem(token_key, reply.token);
    this.store.update((state) => { state.user = reply.user; });
    this.load_conversations();
  }

  // A challenge reaches the player on any page: the frame shows it as a
  // toast; here a sound and, when the browser allows it, a desktop notice.
  announce_challenge_(challenge) {
    play_sound("challenge");
    if (typeof Notification === "undefined" || Notification.permission !== "granted" || !document.hidden) return;
    const text = t("challenge_toast", {
      name: challenge.from.name, rank: challenge.from.rank, settings: describe_settings(challenge.settings),
    });
    try {
      new Notification(t("app_title"), { body: text, tag: `challenge-${challenge.id}` });
    } catch {
      // some browsers allow notifications only from a service worker
    }
  }

  // Accepting or declining a challenge from any page.
  answer_challenge(id, accept) {
    return this.request(accept ? proto.challenge_accept(id) : proto.challenge_decline(id))
      .finally(() => this.store.update((s) => s.challenges.delete(id))).catch(() => {});
  }

  // A tournament round paired or started with the user in it: a toast on
  // every page (the frame shows state.pairings), the challenge sound and,
  // when the browser allows it, a desktop notice. A round paired ahead of its
  // start is told twice, when paired (no game yet) and when it starts: the
  // second replaces the first quietly, and does not bring back a toast the
  // user dismissed (the game opens by itself). The event carries no name: it
  // comes from the round event or, failing that, from tournament.info.
  announce_pairing_(event) {
    const key = `${event.tournament}:${event.round}`;
    const shown = this.store.state.pairings.get(event.tournament);
    const told_before = this.pairings_told_.has(key);
    this.pairings_told_.add(key);
    if (told_before && (!shown || shown.key !== key)) return; // dismissed
    const name = this.tournament_names_.get(event.tournament) ?? null;
    this.store.update((state) => state.pairings.set(event.tournament, { ...event, key, name }));
    if (told_before) return;
    play_sound("challenge");
    const notify = (tournament_name) => {
      if (typeof Notification === "undefined" || Notification.permission !== "granted" || !document.hidden) return;
      try {
        new Notification(t("app_title"), { body: pairing_text({ ...event, name: tournament_name }), tag: `pairing-${key}` });
      } catch {
        // some browsers allow notifications only from a service worker
      }
    };
    if (name !== null) {
      notify(name);
      return;
    }
    this.connection.request(proto.tournament_info(event.tournament)).then((reply) => {
      this.name_tournament_(event.tournament, reply.tournament.name);
      notify(reply.tournament.name);
    }, () => notify(`#${event.tournament}`));
  }

  name_tournament_(id, name) {
    this.tournament_names_.set(id, name);
    this.store.update((state) => {
      for (const pairing of state.pairings.values()) {
        if (pairing.tournament === id) pairing.name = name;
      }
    });
  }

  dismiss_pairing(tournament) {
    this.store.update((state) => state.pairings.delete(tournament));
  }

  load_lobby_(reply) {
    this.store.update((state) => {
      const lobby = empty_lobby();
      for (const user of reply.users) lobby.users.set(user.name, user);
      for (const seek of reply.seeks) lobby.seeks.set(seek.id, seek);
      for (const game of reply.games) lobby.games.set(game.game, game);
      lobby.chat = reply.chat ?? [];
      lobby.unlisted_users = Math.max(0, (reply.users_total ?? reply.users.length) - reply.users.length);
      lobby.unlisted_games = Math.max(0, (reply.games_total ?? reply.games.length) - reply.games.length);
      lobby.loaded = true;
      state.lobby = lobby;
    });
  }

  listen_() {
    const on = (type, change) => this.connection.on(type, (event) => this.store.update((state) => change(state, event)));
    on(Event.lobby_user, (state, e) => state.lobby.users.set(e.user.name, e.user));
    on(Event.lobby_user_left, (state, e) => state.lobby.users.delete(e.name));
    on(Event.lobby_seek, (state, e) => state.lobby.seeks.set(e.seek.id, e.seek));
    on(Event.lobby_seek_removed, (state, e) => state.lobby.seeks.delete(e.seek));
    on(Event.lobby_game, (state, e) => {
      state.lobby.games.set(e.game, e);
      const model = state.games.get(e.game);
      if (model) {
        model.spectators = e.spectators;
        model.anonymous_spectators = e.anonymous_spectators ?? 0;
      }
    });
    on(Event.lobby_game_removed, (state, e) => state.lobby.games.delete(e.game));
    on(Event.lobby_chat, (state, e) => {
      state.lobby.chat.push(e);
      if (state.lobby.chat.length > lobby_chat_kept) state.lobby.chat.shift();
    });
    this.connection.on(Event.message, (e) => this.receive_message_(e));
    on(Event.challenge, (state, e) => state.challenges.set(e.challenge.id, e.challenge));
    this.connection.on(Event.challenge, (e) => this.announce_challenge_(e.challenge));
    this.connection.on(Event.challenge_declined, (e) => this.notify(e.reason
      ? t("challenge_declined_because", { name: e.by ?? "?", reason: e.reason })
      : t("challenge_declined", { name: e.by ?? "?" })));
    this.connection.on(Event.rank_change, (e) => {
      const user = this.store.state.user;
      if (user && e.name === user.name) {
        this.store.update((state) => { state.user = { ...state.user, rank: e.to }; });
        this.notify(t("rank_change", { from: e.from, to: e.to }));
      }
    });
    this.connection.on(Event.tournament_round, (e) => this.name_tournament_(e.tournament, e.name));
    this.connection.on(Event.tournament_pairing, (e) => this.announce_pairing_(e));
    this.connection.on(Event.notice, (e) => this.notify(t("notice", { text: e.text })));
    this.connection.on(Event.follow_online, (e) => this.notify(t("follow_online", { name: e.user.name, rank: e.user.rank })));
    this.connection.on(Event.follow_game, (e) => this.notify(
      t("follow_game", { name: e.user.name, opponent: e.opponent.name }), "info", { href: `#/game/${e.game}` }));
    this.connection.on(Event.kicked, (e) => this.notify(t("kicked", { reason: e.reason }), "error"));
    this.connection.on(Event.game_start, (e) => {
      const user = this.store.state.user;
      if (user && (e.black.name === user.name || e.white.name === user.name)) this.on_game_start(e.game);
    });
  }
}
