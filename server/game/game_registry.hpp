// The games in progress of this process: id -> room, with both players and
// whether the game is rated, so the app can route game.* requests, answer
// resume's `games`, count games for /metrics and hold the rule "one rated
// game in progress per player" (reservations cover the moment between the
// acceptance and the room's start). Thread-safe: a mutex around small maps.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "db/ownership_store.hpp"
#include "db/records.hpp"

namespace yunzi::game {

class GameRoom;

struct RunningGame {
  std::shared_ptr<GameRoom> room;
  UserId black = 0;
  UserId white = 0;
  bool rated = false;
  // In a cluster: this node's hold on the game, and since when (a lease
  // renewal sent before then cannot have seen it).
  std::optional<db::GameFence> fence;
  std::chrono::steady_clock::time_point held_since{};
  // Rank changes name their player; in a cluster the player may be signed in on other nodes only.
  std::string black_name;
  std::string white_name;
};

class GameRegistry {
 public:
  // Marks both players as busy with a rated game; false (and nothing marked)
  // when either already is.
  bool reserve_rated(UserId a, UserId b);
  void release_rated(UserId a, UserId b);
  bool has_rated_game(UserId user) const;

  // A started rated game keeps the reservation made for it until remove().
  void add(GameId id, RunningGame game);
  // Returns the game that was removed, if it was there.
  std::optional<RunningGame> remove(GameId id);
  // The same, only while the entry holds the game at that fence (a cluster
  // node may have adopted the game again since, at a newer epoch).
  std::optional<RunningGame> remove_held(GameId id, const db::GameFence& fence);

  std::shared_ptr<GameRoom> find(GameId id) const;
  std::optional<RunningGame> get(GameId id) const;
  std::vector<GameId> games_of(UserId user) const;
  std::vector<std::shared_ptr<GameRoom>> rooms_of(UserId user) const;
  std::size_t size() const;
  // A copy of every entry (the lease rounds of a cluster compare them with what the node holds).
  std::map<GameId, RunningGame> all() const;
  // How many of the games are counting (after two passes).
  std::size_t scoring_count() const;

 private:
  RunningGame remove_locked(std::map<GameId, RunningGame>::iterator it);

  mutable std::mutex mutex_;
  std::map<GameId, RunningGame> games_;
  std::multiset<UserId> rated_busy_;
};

}  // namespace yunzi::game
