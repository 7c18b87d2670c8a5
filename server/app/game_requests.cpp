// game.watch, game.unwatch, game.sgf, and every other game.* request passed
// to its room. Games no longer in progress answer from the database.
#include <variant>

#include "db/game_sgf.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/game/room.hpp"
#include "server/game/stored_game.hpp"

namespace yunzi::app {
namespace {

bool is_player(const GameDesk& desk, const Call& call, GameId game) {
  if (!call.user) return false;
  auto running = desk.games.get(game);
  return running && (running->black == call.user->id || running->white == call.user->id);
}

}  // namespace

namespace {

// A game in progress that no node runs for the moment (in a cluster, while another node takes over the game of one
// that died): a takeover completes within about a lease.
void answer_unowned(const Call& call) {
  call.respond.unavailable("the game's server is being replaced; the game goes on in a moment, try again");
}

// A game without a room here and on no other node: ended, unknown, or (in a cluster over a bus, owner_may_change)
// in progress while another node takes it over. An ended game's state comes from the database, and no live events
// follow.
void watch_stored_game(const Call& call, GameId id, bool owner_may_change) {
  using Watched = std::pair<protocol::GameSnapshot, std::vector<protocol::ChatLine>>;
  struct Stored {
    std::optional<Watched> ended;
    bool in_progress = false;
  };
  read_then<Stored>(
      call,
      [id](db::Stores& stores) -> db::DbResult<Stored> {
        auto stored = stores.games().load(id);
        if (!stored) return unexpected(stored.error());
        if (!*stored) return Stored{};
        if ((*stored)->game.status == db::GameStatus::playing) return Stored{std::nullopt, true};
        auto players = game::stored_players(stores, (*stored)->game);
        if (!players) return unexpected(players.error());
        auto snapshot = game::stored_game_snapshot(**stored, std::move(*players));
        if (!snapshot) return db::db_failure(db::DbErrorKind::corrupt, snapshot.error());
        return Stored{Watched{std::move(*snapshot), game::stored_game_chat(**stored)}, false};
      },
      [owner_may_change](const Call& c, db::DbResult<Stored> state) {
        if (!state) return c.error(protocol::ErrorCode::internal, "the game could not be read");
        if (state->in_progress && owner_may_change) return answer_unowned(c);
        if (!state->ended) return c.error(protocol::ErrorCode::not_found, "no game with that id");
        c.reply(protocol::reply_game_state(c.id, state->ended->first, state->ended->second));
      });
}

// A game.* request for a game no node runs: in progress while its node is replaced, or not in progress.
void answer_not_running(const Call& call, GameId id, bool owner_may_change) {
  if (!owner_may_change) return call.error(protocol::ErrorCode::not_found, "no game in progress with that id");
  read_then<bool>(
      call,
      [id](db::Stores& stores) -> db::DbResult<bool> {
        auto stored = stores.games().load(id);
        if (!stored) return unexpected(stored.error());
        return *stored && (*stored)->game.status == db::GameStatus::playing;
      },
      [](const Call& c, db::DbResult<bool> in_progress) {
        if (!in_progress) return c.error(protocol::ErrorCode::internal, "the game could not be read");
        if (*in_progress) return answer_unowned(c);
        c.error(protocol::ErrorCode::not_found, "no game in progress with that id");
      });
}

}  // namespace

void handle(const GameDesk& desk, const Call& call, const req::GameWatch& r) {
  auto room = desk.games.find(r.game);
  if (!room) {
    return desk.elsewhere.watch(
        call, r, [call, game = r.game](bool owner_may_change) { watch_stored_game(call, game, owner_may_change); });
  }
  session::Session& s = *call.session;
  s.watched_games.insert(r.game);
  if (s.user && !is_player(desk, call, r.game) && s.spectating.insert(r.game).second) {
    desk.lobby.set_watching(s.user->id, r.game, true);
  }
  std::optional<UserId> user;
  std::string name;
  if (s.user) {
    user = s.user->id;
    name = s.user->name;
  }
  room->watch(s.connection(), user, std::move(name), r.since, call.respond);
}

// Leaving a game's page: afterwards the connection hears nothing of the game.
// A game that has ended, or one this connection does not watch, is already in
// that state, so the answer is ok all the same.
void handle(const GameDesk& desk, const Call& call, const req::GameUnwatch& r) {
  session::Session& s = *call.session;
  s.watched_games.erase(r.game);
  if (s.user && s.spectating.erase(r.game) > 0) desk.lobby.set_watching(s.user->id, r.game, false);
  auto room = desk.games.find(r.game);
  if (!room) return desk.elsewhere.unwatch(call, r.game);
  room->unwatch(s.id(), call.respond);
}

void handle(const GameDesk& desk, const Call& call, const req::GameSgf& r) {
  if (auto room = desk.games.find(r.game)) {
    room->sgf([call](std::string sgf) { call.reply(protocol::reply_sgf(call.id, sgf)); });
    return;
  }
  read_then<std::optional<std::string>>(
      call, [game = r.game](db::Stores& stores) { return db::load_game_sgf(stores.games(), game); },
      [](const Call& c, db::DbResult<std::optional<std::string>> sgf) {
        if (!sgf) return c.error(protocol::ErrorCode::internal, "the game could not be read");
        if (!*sgf) return c.error(protocol::ErrorCode::not_found, "no game with that id");
        c.reply(protocol::reply_sgf(c.id, **sgf));
      });
}

void forward_to_room(const GameDesk& desk, const Call& call, std::int64_t game, protocol::Request request,
                     const std::string& text) {
  const session::SignedIn& user = *call.user;
  // Only chat reads the mute: a move spares the registry's lock.
  const bool muted =
      std::holds_alternative<protocol::req::GameChat>(request) && desk.online.is_muted(user.id, call.now_ms());
  auto room = desk.games.find(game);
  if (!room) {
    return desk.elsewhere.call(call, game, text, muted, [call, game](bool owner_may_change) {
      answer_not_running(call, game, owner_may_change);
    });
  }
  room->handle(call.session->connection(), user.id, user.name, muted, std::move(request), call.respond);
}

}  // namespace yunzi::app
