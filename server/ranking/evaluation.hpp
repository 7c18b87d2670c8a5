// What follows one finished rated game for one player under the TOM table:
// a rank change as soon as it is certain (after the validity rule, which may
// turn wins friendly and delay a promotion), or a "stay" that closes a full
// block, and the short-game flag. Plain data in, a decision out, so the server
// can apply it inside the transaction that ends the game.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/expected.hpp"
#include "server/ranking/error.hpp"
#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

struct PlayerState {
  UserId player = 0;
  Rank rank;                               // the current rank
  Rank block_start_rank;                   // the rank the current block started at; its bracket applies
  std::vector<RatedGame> block_games;      // every rated game since the block started, in order
  std::vector<BonusAward> bonus_awards{};  // tournament bonus points won at the current rank (association)
};

enum class BlockStatus : std::uint8_t { continues, closed };

struct Decision {
  std::optional<RankChange> change;            // reason promotion or demotion, game = the new game
  std::vector<GameId> conversions;             // games that turn friendly for both players
  BlockStatus block = BlockStatus::continues;  // closed: the next game starts a new block
  bool short_game = false;
};

// Checks the state (ids unique, no game against oneself, block not already
// full) and judges the block with `game` appended.
Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game);

// The judgement itself, on a block that already holds the newest game.
Decision judge_after_game(Rank rank, Rank block_start_rank, std::span<const RatedGame> block);

// Problems that make a state unusable, or nullopt.
std::optional<RankingError> check_block(const PlayerState& state);

}  // namespace yunzi::ranking
