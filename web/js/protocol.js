// The wire protocol (version 1, protocol/README.md) as this client speaks
// it: every request it sends is built here and every event or reply type it
// reads is named here, once. Other modules send `connection.request(req)`
// with a request from these functions and listen with `connection.on(Event.x)`;
// no other module spells a wire type (tests/web/tests/protocol_module.test.js
// checks that).

export const protocol_version = 1;
export const client_name = "yunzi-web/1.0";

// Replies to a request, matched by `re`.
export const Reply = Object.freeze({ ok: "ok", error: "error" });

// Events the client reads.
export const Event = Object.freeze({
  // Session and per-user events.
  notice: "notice",
  kicked: "kicked",
  rank_change: "rank.change",
  challenge: "challenge",
  challenge_declined: "challenge.declined",
  message: "message",
  follow_online: "follow.online",
  follow_game: "follow.game",
  // The lobby.
  lobby_user: "lobby.user",
  lobby_user_left: "lobby.user_left",
  lobby_seek: "lobby.seek",
  lobby_seek_removed: "lobby.seek_removed",
  lobby_game: "lobby.game",
  lobby_game_removed: "lobby.game_removed",
  lobby_chat: "lobby.chat",
  // One game.
  game_start: "game.start",
  game_move: "game.move",
  game_clock: "game.clock",
  game_scoring: "game.scoring",
  game_end: "game.end",
  game_undo_requested: "game.undo_requested",
  game_undone: "game.undone",
  game_undo_declined: "game.undo_declined",
  game_opponent_gone: "game.opponent_gone",
  game_opponent_back: "game.opponent_back",
  game_chat: "game.chat",
  game_spectators: "game.spectators",
  // Analysis boards.
  board_node: "board.node",
  board_current: "board.current",
  board_cut: "board.cut",
  board_deleted: "board.deleted",
  // The machine's review.
  analysis_progress: "analysis.progress",
  analysis_done: "analysis.done",
  // Tournaments.
  tournament_round: "tournament.round",
  tournament_pairing: "tournament.pairing",
});

// Every event of a game's room (they carry `game`; most carry `seq`).
export function is_game_event(event) {
  return typeof event.game === "number" && typeof event.type === "string" && event.type.startsWith("game.");
}

// A request: {type, ...fields}; Connection.request sends it with an id.
const request = (type, fields = {}) => ({ ...fields, type });

// Session and account.
export const hello = () => request("hello", { protocol: protocol_version, client: client_name });
export const resume = (token) => request("resume", { token });
export const register = (name, password, rank) => request("register", { name, password, rank });
export const login = (name, password) => request("login", { name, password });
export const logout = () => request("logout");

// The lobby, seeks, challenges and quick play.
export const lobby_watch = () => request("lobby.watch");
export const lobby_unwatch = () => request("lobby.unwatch");
export const lobby_chat = (text) => request("lobby.chat", { text });
export const seek_create = (settings) => request("seek.create", { settings });
export const seek_cancel = (seek) => request("seek.cancel", { seek });
export const seek_accept = (seek) => request("seek.accept", { seek });
export const challenge = (to, settings) => request("challenge", { to, settings });
export const challenge_accept = (challenge_id) => request("challenge.accept", { challenge: challenge_id });
export const challenge_decline = (challenge_id) => request("challenge.decline", { challenge: challenge_id });
export const automatch_join = (settings) => request("automatch.join", { settings });
export const automatch_leave = () => request("automatch.leave");

// Private messages. `page`: {with, before?, limit}.
export const message_conversations = (limit) => request("message.conversations", { limit });
export const message_history = (page) => request("message.history", page);
export const message_send = (to, text) => request("message.send", { to, text });
export const message_read = (name) => request("message.read", { with: name });

// One game. `since`: the last seq seen, for the missed events only.
export const game_watch = (game, since = undefined) =>
  request("game.watch", since === undefined ? { game } : { game, since });
export const game_unwatch = (game) => request("game.unwatch", { game });
export const game_move = (game, vertex) => request("game.move", { game, vertex });
export const game_pass = (game) => request("game.pass", { game });
export const game_resign = (game) => request("game.resign", { game });
export const game_undo = (game) => request("game.undo", { game });
export const game_undo_accept = (game) => request("game.undo.accept", { game });
export const game_undo_decline = (game) => request("game.undo.decline", { game });
export const game_dead = (game, vertex, dead) => request("game.dead", { game, vertex, dead });
export const game_score_accept = (game, marking_version) => request("game.score.accept", { game, marking_version });
export const game_score_resume = (game) => request("game.score.resume", { game });
export const game_chat = (game, text, channel) => request("game.chat", { game, text, channel });
export const game_estimate = (game, move) => request("game.estimate", { game, move });

// Analysis boards. `fields` of board_create: {title, size, komi, handicap,
// sgf} for a new board, or {game, move} for one from a game.
export const board_create = (fields) => request("board.create", fields);
export const board_list = () => request("board.list");
export const board_delete = (board) => request("board.delete", { board });
export const board_watch = (board) => request("board.watch", { board });
export const board_unwatch = (board) => request("board.unwatch", { board });
export const board_play = (board, from, vertex) => request("board.play", { board, from, vertex });
export const board_goto = (board, node) => request("board.goto", { board, node });
export const board_cut = (board, node) => request("board.cut", { board, node });
export const board_estimate = (board, node) => request("board.estimate", { board, node });

// The machine's review of a finished game.
export const analysis_request = (game) => request("analysis.request", { game });
export const analysis_get = (game) => request("analysis.get", { game });

// Machine opponents, weakest first, with what each plays.
export const bot_list = () => request("bot.list");

// Players.
export const user_info = (name) => request("user.info", { name });
export const user_history = (name, limit) => request("user.history", { name, limit });
export const user_games = (name, limit) => request("user.games", { name, limit });
export const user_search = (name, limit) => request("user.search", { name, limit });
export const follows = () => request("follows");
export const follow = (user) => request("follow", { user });
export const unfollow = (user) => request("unfollow", { user });

// Tournaments.
export const tournament_list = (limit) => request("tournament.list", { limit });
export const tournament_info = (tournament) => request("tournament.info", { tournament });
export const tournament_standings = (tournament) => request("tournament.standings", { tournament });
export const tournament_pairings = (tournament, round) => request("tournament.pairings", { tournament, round });
export const tournament_register = (tournament) => request("tournament.register", { tournament });
export const tournament_withdraw = (tournament) => request("tournament.withdraw", { tournament });

// Life-and-death problems (死活题). `page` of problem_list: {theme?, after?,
// limit?}; problem_get takes an id, or "daily" for the day's problem.
export const problem_themes = () => request("problem.themes");
export const problem_list = (page) => request("problem.list", page);
export const problem_get = (problem) => request("problem.get", problem === "daily" ? { daily: true } : { problem });
export const problem_move = (problem, move) => request("problem.move", { problem, move });
export const problem_retry = (problem) => request("problem.retry", { problem });
export const problem_hint = (problem) => request("problem.hint", { problem });
export const problem_stats = (user) => request("problem.stats", { user });
