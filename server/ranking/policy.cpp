#include "server/ranking/policy.hpp"

#include <limits>
#include <string>

#include "server/ranking/short_games.hpp"

namespace yunzi::ranking {

namespace {
// "75 over 12, 70 over 16 or 67.5 over 20 games"
std::string window_terms(Rank rank) {
  const auto windows = promotion_windows(rank);
  std::string text;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    if (i > 0) text += i + 1 == windows.size() ? " or " : ", ";
    text += tenths_text(windows[i].threshold_tenths) + " over " + std::to_string(windows[i].games);
  }
  return text + " games";
}
}  // namespace

Expected<Decision, RankingError> TomPolicy::evaluate_after_game(const PlayerState& state, const RatedGame& game) const {
  return ranking::evaluate_after_game(state, game);
}

RankProgress TomPolicy::progress(const PlayerState& state) const {
  return block_progress(state, [this](const PlayerState& s, const RatedGame& g) { return evaluate_after_game(s, g); });
}

std::vector<Promotion> TomPolicy::monthly_promotions(std::span<const AssociationPlayer>, UnixSeconds) const {
  return {};
}

Expected<Decision, RankingError> AssociationPolicy::evaluate_after_game(const PlayerState& state,
                                                                        const RatedGame& game) const {
  if (!state.block_start_rank.is_dan()) return ranking::evaluate_after_game(state, game);
  PlayerState with_game = state;
  with_game.block_games.push_back(game);
  if (auto problem = check_block(with_game)) return unexpected(*problem);
  // Dan ranks move only at the monthly publication, and the games at a rank
  // keep counting until it changes.
  Decision decision;
  decision.short_game = is_short_game(game);
  return decision;
}

RankProgress AssociationPolicy::progress(const PlayerState& state) const {
  if (!state.block_start_rank.is_dan()) {
    return block_progress(state,
                          [this](const PlayerState& s, const RatedGame& g) { return evaluate_after_game(s, g); });
  }
  const AssociationStanding standing = association_standing(
      state.rank, state.block_games, std::numeric_limits<UnixSeconds>::max(), rules_, state.bonus_awards);
  RankProgress progress{static_cast<int>(standing.scores.size()), standing.wins, standing.losses, 0, {}};
  const std::string longest = std::to_string(promotion_windows(state.rank).back().games);
  if (state.rank == Rank::dan(9)) {
    progress.summary = "9d is the highest rank";
  } else if (standing.reached) {
    progress.summary = "the average over the last " + std::to_string(standing.reached->games) +
                       " responsibility games is reached: promotion to " + to_string(state.rank + 1) +
                       " at the next monthly publication";
  } else {
    const AverageWindow first = promotion_windows(state.rank).front();
    const int missing = first.games - progress.games;
    progress.summary = missing > 0 ? std::to_string(missing) + " more responsibility games before a promotion to " +
                                         to_string(state.rank + 1) + " can be considered"
                                   : "no promotion average reached yet (" + window_terms(state.rank) + ")";
  }
  if (standing.bonus_points > 0) {
    progress.summary += " (with " + std::to_string(standing.bonus_points) +
                        (standing.bonus_points == 1 ? " tournament bonus point" : " tournament bonus points") +
                        " added to the average)";
  }
  if (standing.below_demotion_bar && state.rank > Rank::dan(1)) {
    progress.summary += "; the average over " + longest + " responsibility games is below " +
                        tenths_text(*rules_.demotion_below_tenths) + ": demotion to " + to_string(state.rank - 1) +
                        " at the next monthly publication";
  }
  return progress;
}

std::vector<Promotion> AssociationPolicy::monthly_promotions(std::span<const AssociationPlayer> players,
                                                             UnixSeconds date) const {
  return ranking::monthly_promotions(players, date, rules_);
}

Expected<std::unique_ptr<RankingPolicy>, RankingError> make_ranking_policy(std::string_view name,
                                                                           const AssociationRules& association) {
  if (name == "tom") return std::unique_ptr<RankingPolicy>(std::make_unique<TomPolicy>());
  if (name == "association") {
    return std::unique_ptr<RankingPolicy>(std::make_unique<AssociationPolicy>(association));
  }
  return unexpected(RankingError{RankingErrorCode::unknown_policy,
                                 "unknown rank policy '" + std::string(name) + "': use \"tom\" or \"association\""});
}

}  // namespace yunzi::ranking
