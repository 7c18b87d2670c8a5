#include "server/ranking/progress.hpp"

#include <algorithm>
#include <optional>

#include "server/ranking/block.hpp"

namespace yunzi::ranking {

namespace {

struct RunEnd {
  int games = 0;                     // results in the run up to its end
  std::optional<RankChange> change;  // nullopt: the block closed with no change
};

// Plays `outcome` again and again from `state` as the server would record it.
// nullopt when the decision function refuses the state (a caller's bug).
std::optional<RunEnd> run_of(const PlayerState& state, Outcome outcome, const DecisionFunction& decide) {
  PlayerState played = state;
  GameId next_game = 1;
  UserId next_opponent = state.player + 1;
  for (const RatedGame& game : state.block_games) {
    next_game = std::max(next_game, game.id + 1);
    next_opponent = std::max(next_opponent, game.opponent + 1);
  }
  // Conversions can postpone the end of a block, never by more than a block's worth of games.
  const int limit = 2 * bracket_for(state.block_start_rank).block_size + static_cast<int>(state.block_games.size());
  for (int games = 1; games <= limit; ++games) {
    RatedGame game;
    game.id = next_game++;
    game.opponent = next_opponent++;
    game.opponent_rank = state.rank;
    game.outcome = outcome;
    auto decision = decide(played, game);
    if (!decision) return std::nullopt;
    if (decision->change) return RunEnd{games, decision->change};
    played.block_games.push_back(game);
    for (RatedGame& earlier : played.block_games) {
      if (std::find(decision->conversions.begin(), decision->conversions.end(), earlier.id) !=
          decision->conversions.end()) {
        earlier.converted = true;
      }
    }
    if (decision->block == BlockStatus::closed) return RunEnd{games, std::nullopt};
  }
  return std::nullopt;
}

std::string run_phrase(const RunEnd& run, Outcome outcome) {
  const bool up = run.change->to > run.change->from;
  const bool wins = outcome == Outcome::win;
  std::string text = std::to_string(run.games) + " more ";
  if (run.games == 1) {
    text += wins ? "win " : "loss ";
    text += up ? "promotes" : "demotes";
  } else {
    text += wins ? "wins in a row " : "losses in a row ";
    text += up ? "promote" : "demote";
  }
  return text + " to " + to_string(run.change->to);
}

std::string count_phrase(int count, const char* singular, const char* plural) {
  return std::to_string(count) + " more " + (count == 1 ? singular : plural);
}

}  // namespace

RankProgress block_progress(const PlayerState& state, const DecisionFunction& decide) {
  const Bracket& bracket = bracket_for(state.block_start_rank);
  const BlockTally tally = tally_block(state.block_games);
  RankProgress progress{tally.counted(), tally.wins, tally.losses, bracket.block_size, {}};
  if (tally.counted() >= bracket.block_size) {
    progress.summary = "the block is complete; the next game starts a new one";
    return progress;
  }

  for (const Outcome outcome : {Outcome::win, Outcome::loss}) {
    const auto run = run_of(state, outcome, decide);
    if (!run || !run->change) continue;
    if (!progress.summary.empty()) progress.summary += "; ";
    progress.summary += run_phrase(*run, outcome);
  }
  if (progress.summary.empty()) {
    const int left = bracket.block_size - tally.counted();
    progress.summary = "the block will end with no change after " + count_phrase(left, "game", "games");
  }
  return progress;
}

RankProgress tom_progress(const PlayerState& state) {
  return block_progress(state, [](const PlayerState& s, const RatedGame& g) { return evaluate_after_game(s, g); });
}

}  // namespace yunzi::ranking
