// game.estimate: the score estimate of a stored game's position (a game in
// progress is read as the players were told of it: every move is stored
// before it is broadcast). Not for a player of a game in progress.
#include "server/app/app.hpp"
#include "server/app/board_service.hpp"
#include "server/app/position_estimate.hpp"
#include "server/app/request_handlers.hpp"
#include "server/app/stored_game.hpp"

namespace yunzi::app {

void handle(const Call& call, const req::GameEstimate& r) {
  auto stored = call.app.reads.read<std::optional<db::GameWithMoves>>(
      [game = r.game](db::Stores& stores) { return stores.games().load(game); });
  if (!stored) return call.error(protocol::ErrorCode::internal, "the game could not be read; try again");
  if (!*stored) return call.error(protocol::ErrorCode::not_found, "no game with that id");
  const db::GameRecord& row = (*stored)->game;
  const db::UserId user = call.session->user->id;
  if (row.status == db::GameStatus::playing && (row.black_id == user || row.white_id == user)) {
    return call.error(protocol::ErrorCode::forbidden, "no estimate of your own game while it is played");
  }
  auto game = replay_stored_game(**stored);
  if (!game) return call.error(protocol::ErrorCode::internal, game.error());
  const engine::Game shown = r.move ? game->after_moves(static_cast<std::size_t>(*r.move)) : std::move(*game);
  call.reply(protocol::reply_estimate(call.id, estimate_position(shown.board(), row.komi, row.handicap)));
}

void handle(const Call& call, const req::BoardEstimate& r) { call.app.boards->estimate(call, r); }

}  // namespace yunzi::app
