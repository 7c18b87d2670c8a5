#include "server/app/live_positions.hpp"

#include "server/app/reading.hpp"
#include "server/game/stored_game.hpp"

namespace yunzi::app {

void with_live_positions(const Call& call, std::function<void(const Call&, const LivePositions&)> then) {
  if (!call.user) return then(call, {});
  read_or_fail<LivePositions>(
      call,
      [user = call.user->id](db::Stores& stores) -> db::DbResult<LivePositions> {
        auto games = stores.games().in_progress_of_user(user);
        if (!games) return unexpected(games.error());
        LivePositions positions;
        for (const GameId id : *games) {
          auto stored = stores.games().load(id);
          if (!stored) return unexpected(stored.error());
          if (!*stored) continue;  // ended and gone meanwhile
          // A game that does not replay has no position to protect.
          if (auto game = game::replay_stored_game(**stored)) positions.push_back({id, game->board()});
        }
        return positions;
      },
      "your games in progress could not be read; try again", std::move(then));
}

}  // namespace yunzi::app
