// Keeps the watched games in step with the server. Asks for a snapshot the
// first time and for the missed events (`since`) after a gap or a lost
// connection; events that arrive while such a request is in flight wait in a
// buffer and are applied after its reply, so nothing is applied twice or out
// of order.

import { GameModel } from "./game_model.js";
import { play_sound } from "./sounds.js";
import * as proto from "./protocol.js";
import { Event, is_game_event } from "./protocol.js";

export class GameSessions {
  constructor(connection, store) {
    this.connection_ = connection;
    this.store_ = store;
    this.pending_ = new Map(); // game id -> buffered events
    this.followed_ = new Set();
    connection.on("*", (event) => this.on_event_(event));
  }

  model(id) {
    const games = this.store_.state.games;
    if (!games.has(id)) games.set(id, new GameModel(id));
    return games.get(id);
  }

  // Starts (or refreshes) following a game. Resolves once the model is current.
  async watch(id) {
    this.followed_.add(id);
    // Offline, the next connection's rewatch() asks for it.
    if (this.pending_.has(id) || this.connection_.status !== "open") return;
    const model = this.model(id);
    const buffer = [];
    this.pending_.set(id, buffer);
    let fresh_state = false;
    try {
      const reply = await this.connection_.request(proto.game_watch(id, model.loaded ? model.seq : undefined));
      this.store_.update(() => {
        if (reply.state) model.load_state(reply.state);
        fresh_state = Boolean(reply.state);
        for (const event of reply.events || []) model.apply(event);
        // The room's chat so far, as this watcher may see it.
        if (Array.isArray(reply.chat)) model.chat = [...reply.chat];
      });
    } catch (err) {
      if (err.code === "not_found") {
        this.followed_.delete(id);
        this.store_.update(() => { model.missing = true; });
      }
      throw err;
    } finally {
      this.pending_.delete(id);
    }
    let gap = false;
    this.store_.update(() => {
      for (const event of buffer) {
        // Who watched before the reply: the state says who watches now.
        if (fresh_state && event.type === Event.game_spectators) continue;
        if (model.apply(event) === "gap") gap = true;
      }
    });
    if (gap) await this.watch(id);
  }

  unwatch(id) {
    const model = this.store_.state.games.get(id);
    const mine = model && model.phase !== "ended" && this.is_player_(model);
    if (mine) return;
    this.followed_.delete(id);
    this.connection_.request(proto.game_unwatch(id)).catch(() => {});
  }

  // After a reconnection: every followed game, plus the ones the server says
  // the user plays in.
  async rewatch(extra_ids = []) {
    for (const id of extra_ids) this.followed_.add(id);
    await Promise.all([...this.followed_].map((id) => this.watch(id).catch(() => {})));
  }

  is_player_(model) {
    const user = this.store_.state.user;
    return user && model.color_of(user.name) !== null;
  }

  on_event_(event) {
    if (!is_game_event(event)) return;
    const id = event.game;
    if (event.type === Event.game_chat) {
      this.store_.update(() => this.model(id).chat.push(event));
      return;
    }
    const buffer = this.pending_.get(id);
    if (buffer) {
      buffer.push(event);
      return;
    }
    const model = this.model(id);
    if (event.type === Event.game_start) this.followed_.add(id);
    let outcome;
    this.store_.update(() => {
      outcome = model.apply(event);
    });
    if (outcome === "gap") this.watch(id).catch(() => {});
    if (outcome === "applied") this.sound_(event);
  }

  // Live events only: a catch-up after a gap or a reload stays silent.
  sound_(event) {
    if (event.type === Event.game_move) play_sound(event.vertex === "pass" ? "pass" : "stone");
    else if (event.type === Event.game_end) play_sound("end");
  }
}
