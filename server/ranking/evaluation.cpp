#include "server/ranking/evaluation.hpp"

#include <set>
#include <string>

#include "server/ranking/block.hpp"
#include "server/ranking/short_games.hpp"
#include "server/ranking/validity.hpp"

namespace yunzi::ranking {

std::optional<RankingError> check_block(const PlayerState& state) {
  std::set<GameId> seen;
  for (const RatedGame& game : state.block_games) {
    if (!seen.insert(game.id).second)
      return bad_input("game " + std::to_string(game.id) + " appears twice in the block");
    if (game.opponent == state.player) return bad_input("game " + std::to_string(game.id) + " is against the player");
    if (game.move_count < 0) return bad_input("game " + std::to_string(game.id) + " has a negative move count");
  }
  return std::nullopt;
}

Decision judge_after_game(Rank rank, Rank block_start_rank, std::span<const RatedGame> block) {
  Decision decision;
  decision.short_game = !block.empty() && is_short_game(block.back());
  if (block.empty() || !is_counted(block.back())) return decision;

  const Bracket& bracket = bracket_for(block_start_rank);
  const BlockVerdict verdict = judge_block(rank, bracket, tally_block(block));
  if (verdict.certain() && verdict.worst > rank) {
    decision.conversions = validity_conversions(block);
    // Converted wins shrink the block: the promotion waits for the games that refill it.
    if (!decision.conversions.empty()) return decision;
  }
  if (verdict.certain() && verdict.worst != rank) {
    const ChangeReason reason = verdict.worst > rank ? ChangeReason::promotion : ChangeReason::demotion;
    decision.change = RankChange{rank, verdict.worst, reason, block.back().id};
    decision.block = BlockStatus::closed;
  } else if (verdict.complete()) {
    decision.block = BlockStatus::closed;
  }
  return decision;
}

Expected<Decision, RankingError> evaluate_after_game(const PlayerState& state, const RatedGame& game) {
  PlayerState with_game = state;
  with_game.block_games.push_back(game);
  if (auto problem = check_block(with_game)) return unexpected(*problem);

  const BlockTally before = tally_block(state.block_games);
  const int block_size = bracket_for(state.block_start_rank).block_size;
  if (before.counted() >= block_size) {
    return unexpected(bad_input("the block already holds " + std::to_string(before.counted()) + " counted games of " +
                                std::to_string(block_size) + ": it should have closed"));
  }
  return judge_after_game(state.rank, state.block_start_rank, with_game.block_games);
}

}  // namespace yunzi::ranking
