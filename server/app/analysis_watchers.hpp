// Who is told how a review goes: the users who asked for it or read it
// while it waited or ran. Kept in memory (a restart forgets them; the page
// asks again with analysis.get); the events reach their connections on every
// node. Thread-safe: requests add from session strands, workers' reports
// read from the writer's completions.
#pragma once

#include <map>
#include <mutex>
#include <set>

#include "core/ids.hpp"

namespace yunzi::app {

class AnalysisWatchers {
 public:
  // At most this many watchers a game; later ones read the result when they come back.
  static constexpr std::size_t most_per_game = 200;

  void add(GameId game, UserId user);
  std::set<UserId> of(GameId game) const;
  // The review is over: its watchers, forgotten.
  std::set<UserId> take(GameId game);

 private:
  mutable std::mutex mutex_;
  std::map<GameId, std::set<UserId>> watchers_;
};

}  // namespace yunzi::app
