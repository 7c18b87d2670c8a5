#include "server/ranking/validity.hpp"

#include <algorithm>
#include <map>

namespace yunzi::ranking {

namespace {

// Walks wins in order and keeps each one while both limits allow it; a win
// turned friendly no longer counts towards either limit.
struct WinLimiter {
  int per_opponent;
  int rang_xian;
  std::map<UserId, int> kept_against;
  int kept_rang_xian = 0;

  bool keeps(const RatedGame& win) {
    int& against = kept_against[win.opponent];
    if (against >= per_opponent) return false;
    if (win.gave_rang_xian && kept_rang_xian >= rang_xian) return false;
    ++against;
    if (win.gave_rang_xian) ++kept_rang_xian;
    return true;
  }
};

}  // namespace

std::vector<GameId> validity_conversions(std::span<const RatedGame> block) {
  std::vector<GameId> converted;
  std::vector<const RatedGame*> still_counted;

  WinLimiter whole_block{max_wins_per_opponent, max_rang_xian_wins, {}, 0};
  for (const RatedGame& game : block) {
    if (!is_counted(game)) continue;
    if (game.outcome == Outcome::win && !whole_block.keeps(game)) {
      converted.push_back(game.id);
    } else {
      still_counted.push_back(&game);
    }
  }

  // The last five are taken among the games that still count after the first pass.
  const std::size_t first_recent = still_counted.size() > recent_window ? still_counted.size() - recent_window : 0;
  WinLimiter recent{max_recent_wins_per_opponent, max_recent_rang_xian_wins, {}, 0};
  for (std::size_t i = first_recent; i < still_counted.size(); ++i) {
    const RatedGame& game = *still_counted[i];
    if (game.outcome == Outcome::win && !recent.keeps(game)) converted.push_back(game.id);
  }

  // Keep block order across both passes.
  std::vector<GameId> ordered;
  for (const RatedGame& game : block) {
    if (std::find(converted.begin(), converted.end(), game.id) != converted.end()) ordered.push_back(game.id);
  }
  return ordered;
}

}  // namespace yunzi::ranking
