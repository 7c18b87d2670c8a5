#include "server/ranking/short_games.hpp"

namespace yunzi::ranking {

bool is_short_game(const RatedGame& game) {
  return game.outcome != Outcome::voided && game.move_count <= short_game_moves;
}

}  // namespace yunzi::ranking
