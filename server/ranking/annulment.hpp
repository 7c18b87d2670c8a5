// Annulment: after an admin turns a game friendly, a player's rank history is
// replayed from the last rank event that does not depend on that game. The
// result says which recorded events no longer hold, which hold instead, and
// the player's rank and current block afterwards.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/expected.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::ranking {

struct RankEvent {
  RankChange change;
  UnixSeconds at = 0;  // when it was recorded; places an event without a game among the games
};

struct PlayerHistory {
  UserId player = 0;
  Rank registered_rank;
  std::vector<RankEvent> events;  // the rank events that hold (superseded ones left out), in order
  std::vector<RatedGame> games;   // every rated game of the player, in the order they finished
};

struct Recomputation {
  std::vector<std::size_t> superseded;   // indexes into PlayerHistory::events that no longer hold
  std::vector<RankChange> replacements;  // the events that hold instead, in order (reason annulment)
  std::optional<RankChange> net_change;  // recorded rank -> recomputed rank, for rank.change
  Rank rank;                             // the recomputed current rank
  std::vector<GameId> current_block;     // the games of the recomputed current block, in order
  std::vector<GameId> conversions;       // wins the replay turned friendly (for both players)
};

// `annulled` must be one of the history's games; it and every other annulled
// game are left out of the replay.
Expected<Recomputation, RankingError> recompute(const RankingPolicy& policy, const PlayerHistory& history,
                                                GameId annulled);
// Under the TOM table.
Expected<Recomputation, RankingError> recompute(const PlayerHistory& history, GameId annulled);

}  // namespace yunzi::ranking
