// The games in progress of this process: id -> room, with both players and
// whether the game is rated, so the app can route game.* requests, answer
// resume's `games`, count games for /metrics and hold the rule "one rated
// game in progress per player" (reservations cover the moment between the
// acceptance and the room's start). Thread-safe: a mutex around small maps.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "db/records.hpp"

namespace yunzi::game {
class GameRoom;
}

namespace yunzi::app {

struct RunningGame {
  std::shared_ptr<game::GameRoom> room;
  db::UserId black = 0;
  db::UserId white = 0;
  bool rated = false;
};

class GameRegistry {
 public:
  // Marks both players as busy with a rated game; false (and nothing marked)
  // when either already is.
  bool reserve_rated(db::UserId a, db::UserId b);
  void release_rated(db::UserId a, db::UserId b);
  bool has_rated_game(db::UserId user) const;

  // A started rated game keeps the reservation made for it until remove().
  void add(db::GameId id, RunningGame game);
  // Returns the game that was removed, if it was there.
  std::optional<RunningGame> remove(db::GameId id);

  std::shared_ptr<game::GameRoom> find(db::GameId id) const;
  std::optional<RunningGame> get(db::GameId id) const;
  std::vector<db::GameId> games_of(db::UserId user) const;
  std::vector<std::shared_ptr<game::GameRoom>> rooms_of(db::UserId user) const;
  std::size_t size() const;
  // How many of the games are counting (after two passes).
  std::size_t scoring_count() const;

 private:
  mutable std::mutex mutex_;
  std::map<db::GameId, RunningGame> games_;
  std::multiset<db::UserId> rated_busy_;
};

}  // namespace yunzi::app
