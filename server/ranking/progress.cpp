#include "server/ranking/progress.hpp"

#include <optional>

#include "server/ranking/block.hpp"

namespace yunzi::ranking {

namespace {

struct Reach {
  int games = 0;
  Rank target;
};

// The fewest further wins (or losses) that make a change sure, whatever the
// other results of the block; the target is the least change then sure.
std::optional<Reach> first_change(Rank rank, const Bracket& bracket, BlockTally tally, bool winning) {
  const int remaining = bracket.block_size - tally.counted();
  for (int more = 1; more <= remaining; ++more) {
    BlockTally next = tally;
    (winning ? next.wins : next.losses) += more;
    const BlockVerdict verdict = judge_block(rank, bracket, next);
    if (winning && verdict.worst > rank) return Reach{more, verdict.worst};
    if (!winning && verdict.best < rank) return Reach{more, verdict.best};
  }
  return std::nullopt;
}

std::string count_phrase(int count, const char* singular, const char* plural) {
  return std::to_string(count) + " more " + (count == 1 ? singular : plural);
}

}  // namespace

RankProgress tom_progress(const PlayerState& state) {
  const Bracket& bracket = bracket_for(state.block_start_rank);
  const BlockTally tally = tally_block(state.block_games);
  RankProgress progress{tally.counted(), tally.wins, tally.losses, bracket.block_size, {}};
  if (tally.counted() >= bracket.block_size) {
    progress.summary = "the block is complete; the next game starts a new one";
    return progress;
  }

  const auto up = first_change(state.rank, bracket, tally, true);
  const auto down = first_change(state.rank, bracket, tally, false);
  if (up) {
    progress.summary = count_phrase(up->games, "win promotes", "wins promote") + " to " + to_string(up->target);
  }
  if (down) {
    if (!progress.summary.empty()) progress.summary += "; ";
    progress.summary += count_phrase(down->games, "loss demotes", "losses demote") + " to " + to_string(down->target);
  }
  if (!up && !down) {
    const int left = bracket.block_size - tally.counted();
    progress.summary = "the block will end with no change after " + count_phrase(left, "game", "games");
  }
  return progress;
}

}  // namespace yunzi::ranking
