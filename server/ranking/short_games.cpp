#include "server/ranking/short_games.hpp"

namespace yunzi::ranking {

bool is_short_game(const RatedGame& game) {
  return game.outcome != Outcome::voided && game.move_count <= short_game_moves;
}

std::vector<ReviewEntry> review_list(std::span<const PlayerState> players) {
  std::vector<ReviewEntry> list;
  for (const PlayerState& player : players) {
    ReviewEntry entry{player.player, {}};
    for (const RatedGame& game : player.block_games) {
      // An annulled game has already been dealt with by an admin.
      if (!game.annulled && is_short_game(game)) entry.short_games.push_back(game.id);
    }
    if (static_cast<int>(entry.short_games.size()) >= review_threshold) list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace yunzi::ranking
