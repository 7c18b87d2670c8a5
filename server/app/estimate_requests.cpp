// game.estimate: the score estimate of a stored game's position (a game in
// progress is read as the players were told of it: every move is stored
// before it is broadcast). Not for a player of a game in progress, nor on a
// board whose position repeats it (live_positions.hpp).
#include "server/app/board_service.hpp"
#include "server/app/desks.hpp"
#include "server/app/live_positions.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/boards/position_estimate.hpp"
#include "server/game/stored_game.hpp"

namespace yunzi::app {

void handle(const BoardDesk&, const Call& call, const req::GameEstimate& r) {
  read_found<db::GameWithMoves>(
      call, [game = r.game](db::Stores& stores) { return stores.games().load(game); }, "no game with that id",
      [move = r.move](const Call& c, const db::GameWithMoves& stored) {
        const db::GameRecord& row = stored.game;
        const bool plays = c.user && (row.black_id == c.user->id || row.white_id == c.user->id);
        if (row.status == db::GameStatus::playing && plays) {
          return c.error(protocol::ErrorCode::forbidden, "no estimate of your own game while it is played");
        }
        auto game = game::replay_stored_game(stored);
        if (!game) return c.error(protocol::ErrorCode::internal, game.error());
        const engine::Game shown = move ? game->after_moves(static_cast<std::size_t>(*move)) : std::move(*game);
        c.reply(protocol::reply_estimate(
            c.id, boards::estimate_position(shown.board(), row.settings.komi, row.settings.handicap)));
      });
}

void handle(const BoardDesk& desk, const Call& call, const req::BoardEstimate& r) {
  with_live_positions(call, [&desk, r](const Call& c, const LivePositions& live) { desk.boards.estimate(c, r, live); });
}

}  // namespace yunzi::app
