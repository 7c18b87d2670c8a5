// Which node of a cluster runs each live game (table game_owners), under a lease the node keeps renewing; once a
// lease runs out any node may claim the game, which raises its epoch. Every write of a game is fenced by hold() in
// its transaction, so a node paused past its lease or cut off cannot write to a game another node took over. Times
// are the nodes' wall clocks in Unix ms, kept in step (deploy/README.md, "Several nodes on one PostgreSQL database").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.hpp"
#include "db/error.hpp"

namespace yunzi::db {

// A node's hold on one game: writes of the game carry it.
struct GameFence {
  std::string node;
  std::int64_t epoch = 0;
  bool operator==(const GameFence&) const = default;
};

struct GameLease {
  GameId game = 0;
  GameFence fence;
  TimeMs lease_until_ms = 0;
};

class OwnershipStore {
 public:
  virtual ~OwnershipStore() = default;
  // Takes the game for `node` with a new epoch when no other node holds a
  // lease on it at now_ms (no owner yet, the lease ran out, or `node` held it
  // already, as after its own restart). Nothing when another node holds it.
  virtual DbResult<std::optional<GameLease>> claim(GameId game, std::string_view node, TimeMs now_ms,
                                                   TimeMs lease_until_ms) = 0;
  // Extends every lease `node` holds, run out or not, as long as no other
  // node took the game; returns what it still holds, by game. One row at a
  // time, outside any transaction: it never holds one game's row while it
  // waits for another's (a writer batch holds several, see hold()).
  virtual DbResult<std::vector<GameLease>> renew(std::string_view node, TimeMs lease_until_ms) = 0;
  // Every game `node` is recorded to hold, live lease or not, by game (a
  // node starting again under its name claims them back).
  virtual DbResult<std::vector<GameLease>> held_by(std::string_view node) = 0;
  // The fence of every write of a game: conflict unless the fence still
  // holds the game. On PostgreSQL it also keeps a claim of the game waiting
  // until the write's transaction ends, so a takeover sees the write.
  virtual DbResult<Done> hold(GameId game, const GameFence& fence) = 0;
  // Gives the game up (its end, or a room that could not be restored);
  // nothing happens when the fence no longer holds it.
  virtual DbResult<Done> release(GameId game, const GameFence& fence) = 0;
  // Games in play that no live lease covers at now_ms, oldest first.
  virtual DbResult<std::vector<GameId>> orphaned(TimeMs now_ms, int limit) = 0;
  virtual DbResult<std::optional<GameLease>> owner_of(GameId game) = 0;
};

}  // namespace yunzi::db
