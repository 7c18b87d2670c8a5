// One game as the client knows it: built from a `state` snapshot (or the
// `game.start` event, which carries the same fields) and moved forward by
// the game's numbered events. Knows nothing about the DOM or the socket.

import { other_color } from "./vertex.js";
import { Event } from "./protocol.js";

// How a game ended, read from its result: the state of a finished game names
// no reason, but the SGF form of its result does ("B+R", "W+T", "B+F", "Void",
// a count's "B+3.5" or "0"). Null for no result yet.
export function reason_of_result(result) {
  if (!result) return null;
  if (result === "Void") return "aborted";
  const how = /^[BW]\+([RTF])$/.exec(result);
  if (how) return { R: "resignation", T: "time", F: "forfeit" }[how[1]];
  return /^([BW]\+[\d.]+|0)$/.test(result) ? "count" : null;
}

function score_of_count(count) {
  return { black: count.black, white: count.white, komi: count.komi };
}

export class GameModel {
  constructor(id) {
    this.id = id;
    this.seq = 0;
    this.loaded = false;
    this.moves = [];
    this.handicap_stones = [];
    this.dead = [];
    this.marking_version = 0;  // names `dead` during scoring; an acceptance sends it
    // The server's count of `dead` ({black, white, komi, result, territory}):
    // during scoring and on the final position of a counted game.
    this.count = null;
    this.accepted = { black: false, white: false };
    this.undo_request = null;
    this.undo_declined = null; // who declined the last undo request, until the next move
    this.scoring_deadline_at = null; // performance.now() when the server settles the count
    this.away = null;
    this.spectators = 0; // signed-in users watching, each once
    this.anonymous_spectators = 0; // connections watching without a login
    this.spectator_names = []; // the signed-in spectators the server names, by name
    this.result = null;
    this.clock = null;
    this.clock_at = 0;
    this.chat = [];
  }

  // A snapshot replaces everything known before.
  load_state(state) {
    Object.assign(this, {
      seq: state.seq,
      size: state.size,
      komi: state.komi,
      handicap: state.handicap,
      rated: state.rated,
      ko: state.ko,
      time: state.time,
      black: state.black,
      white: state.white,
      moves: [...state.moves],
      handicap_stones: [...(state.handicap_stones || [])],
      to_move: state.to_move,
      phase: state.phase,
      dead: [...(state.dead || [])],
      marking_version: state.marking_version ?? 0,
      count: state.count ?? null,
      spectators: state.spectators ?? 0,
      anonymous_spectators: state.anonymous_spectators ?? 0,
      spectator_names: [...(state.spectator_names || [])],
      result: state.result ?? null,
      reason: state.reason ?? reason_of_result(state.result),
      // A finished game's state has no score; a counted one has its count.
      score: state.score ?? (state.count && state.result ? score_of_count(state.count) : null),
      accepted: state.accepted ?? { black: false, white: false },
      undo_request: null,
      undo_declined: null,
      loaded: true,
      missing: false,
    });
    this.set_clock_(state.clock);
    if (this.phase === "ended") this.stop_clock_at_end_();
  }

  // Applies one numbered event. Returns "applied", "stale" (already seen) or
  // "gap" (events are missing: the caller must watch again with `since`).
  apply(event) {
    if (event.type === Event.game_start) {
      this.load_state(event);
      return "applied";
    }
    if (typeof event.seq !== "number") return this.apply_unnumbered_(event);
    if (!this.loaded) return "gap";
    if (event.seq <= this.seq) return "stale";
    if (event.seq > this.seq + 1) return "gap";
    this.seq = event.seq;
    this.apply_numbered_(event);
    return "applied";
  }

  apply_numbered_(event) {
    switch (event.type) {
      case Event.game_move:
        this.moves.push(event.vertex);
        this.to_move = other_color(event.color);
        this.undo_request = null;
        this.undo_declined = null;
        this.set_clock_(event.clock);
        break;
      case Event.game_clock:
        if (this.phase === "scoring") this.leave_scoring_();
        this.set_clock_(event.clock);
        if (event.clock && event.clock.running) this.to_move = event.clock.running;
        break;
      case Event.game_scoring:
        this.phase = "scoring";
        this.dead = [...event.dead];
        this.marking_version = event.marking_version;
        this.count = event.count ?? null;
        this.accepted = event.accepted ?? { black: false, white: false };
        this.scoring_deadline_at = performance.now() + (event.deadline_ms ?? 0);
        if (this.clock) this.set_clock_({ ...this.clock, running: null });
        break;
      case Event.game_end:
        this.phase = "ended";
        this.result = event.result;
        this.reason = event.reason;
        this.score = event.score ?? null;
        // A count ends on the marking both accepted: the last one counted.
        if (event.reason !== "count") this.count = null;
        this.rank_changes = event.rank_changes ?? [];
        this.scoring_deadline_at = null;
        this.stop_clock_at_end_();
        break;
      case Event.game_undo_requested:
        this.undo_request = event.color;
        this.undo_declined = null;
        break;
      case Event.game_undone:
        this.moves.splice(this.moves.length - event.moves_removed, event.moves_removed);
        this.to_move = event.to_move;
        this.undo_request = null;
        this.set_clock_(event.clock);
        break;
      case Event.game_undo_declined:
        this.undo_request = null;
        this.undo_declined = event.color;
        break;
      case Event.game_opponent_gone:
        this.away = { color: event.color, until: performance.now() + event.deadline_ms };
        break;
      case Event.game_opponent_back:
        this.away = null;
        break;
      default:
        break;
    }
  }

  apply_unnumbered_(event) {
    if (event.type === Event.lobby_game) {
      this.spectators = event.spectators;
      this.anonymous_spectators = event.anonymous_spectators ?? 0;
    }
    if (event.type === Event.game_spectators) {
      this.spectators = event.spectators;
      this.anonymous_spectators = event.anonymous_spectators ?? 0;
      this.spectator_names = [...(event.spectator_names || [])];
    }
    return "applied";
  }

  // The clocks stop at the end; a loss on time leaves the loser at zero
  // (the last reading the server sent was taken before the flag fell).
  stop_clock_at_end_() {
    if (!this.clock) return;
    const clock = { ...this.clock, running: null };
    const on_time = this.reason === "time";
    const loser = on_time ? (this.result.startsWith("B+") ? "white" : "black") : null;
    if (loser && clock[loser]) clock[loser] = { ...clock[loser], main_ms: 0, period_ms: 0, periods: 0 };
    this.set_clock_(clock);
  }

  counted() {
    return this.phase === "ended" && this.reason === "count";
  }

  leave_scoring_() {
    this.scoring_deadline_at = null;
    this.phase = "play";
    this.dead = [];
    this.marking_version = 0;
    this.count = null;
    this.accepted = { black: false, white: false };
  }

  set_clock_(clock) {
    if (!clock) return;
    this.clock = clock;
    this.clock_at = performance.now();
  }

  color_of(name) {
    if (this.black && this.black.name === name) return "black";
    if (this.white && this.white.name === name) return "white";
    return null;
  }
}
