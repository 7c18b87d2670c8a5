#include "server/tournament/swiss_pairing.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <vector>

#include "server/tournament/colours.hpp"
#include "server/tournament/player_history.hpp"

namespace yunzi::tournament {

namespace {

class SwissSearch {
 public:
  SwissSearch(std::vector<const PlayerHistory*> order, bool colour_limit, std::size_t max_steps)
      : order_(std::move(order)), paired_(order_.size(), false), colour_limit_(colour_limit), steps_left_(max_steps) {}

  std::optional<std::vector<Pairing>> run() {
    std::vector<Pairing> games;
    if (pair_from(0, games)) return games;
    return std::nullopt;
  }

 private:
  using Cost = std::tuple<int, int, int, std::size_t>;

  Cost cost(std::size_t top, std::size_t candidate) const {
    const PlayerHistory& a = *order_[top];
    const PlayerHistory& b = *order_[candidate];
    return {std::abs(a.score() - b.score()), colour_wishes_clash(a, b) ? 1 : 0,
            std::abs(a.entrant.rank_index - b.entrant.rank_index), candidate};
  }

  bool allowed(std::size_t top, std::size_t candidate) const {
    const PlayerHistory& a = *order_[top];
    const PlayerHistory& b = *order_[candidate];
    if (a.has_met(b.entrant.id)) return false;
    return !colour_limit_ || colours_within_limit(a, b);
  }

  bool pair_from(std::size_t start, std::vector<Pairing>& games) {
    std::size_t top = start;
    while (top < order_.size() && paired_[top]) ++top;
    if (top == order_.size()) return true;

    std::vector<std::pair<Cost, std::size_t>> candidates;
    for (std::size_t other = top + 1; other < order_.size(); ++other) {
      if (!paired_[other] && allowed(top, other)) candidates.emplace_back(cost(top, other), other);
    }
    std::sort(candidates.begin(), candidates.end());
    paired_[top] = true;
    for (const auto& [unused, other] : candidates) {
      if (steps_left_ == 0) break;
      --steps_left_;
      paired_[other] = true;
      games.push_back(assign_colours(*order_[top], *order_[other]));
      if (pair_from(top + 1, games)) return true;
      games.pop_back();
      paired_[other] = false;
    }
    paired_[top] = false;
    return false;
  }

  std::vector<const PlayerHistory*> order_;
  std::vector<bool> paired_;
  bool colour_limit_;
  std::size_t steps_left_;
};

// Highest score first, then the stronger player, then the earlier entrant.
bool pairs_first(const PlayerHistory* a, const PlayerHistory* b) {
  if (a->score() != b->score()) return a->score() > b->score();
  if (a->entrant.rank_index != b->entrant.rank_index) return a->entrant.rank_index > b->entrant.rank_index;
  return a->entrant.id < b->entrant.id;
}

// Lowest score group first, its lowest-ranked player first; players who have
// had a bye only after all who have not.
std::vector<const PlayerHistory*> bye_candidates(const std::vector<const PlayerHistory*>& order) {
  std::vector<const PlayerHistory*> candidates(order.rbegin(), order.rend());
  std::stable_partition(candidates.begin(), candidates.end(),
                        [](const PlayerHistory* player) { return !player->had_bye(); });
  return candidates;
}

std::optional<std::vector<Pairing>> pair_all(const std::vector<const PlayerHistory*>& order, SwissSearchLimits limits) {
  // The colour limit is dropped only when no pairing keeps it.
  for (const bool colour_limit : {true, false}) {
    if (auto games = SwissSearch(order, colour_limit, limits.max_steps).run()) return games;
  }
  return std::nullopt;
}

}  // namespace

std::optional<RoundPairing> pair_swiss_round(const TournamentRecord& record, const ScoreRules& rules, int round,
                                             SwissSearchLimits limits) {
  const TournamentHistory history(record, rules, round - 1);
  std::vector<const PlayerHistory*> order;
  for (const auto& [id, player] : history.players()) {
    if (plays_in_round(player.entrant, round)) order.push_back(&player);
  }
  std::sort(order.begin(), order.end(), pairs_first);

  if (order.size() % 2 == 0) {
    auto games = pair_all(order, limits);
    if (!games) return std::nullopt;
    return RoundPairing{std::move(*games), {}};
  }
  for (const PlayerHistory* bye : bye_candidates(order)) {
    std::vector<const PlayerHistory*> rest;
    std::copy_if(order.begin(), order.end(), std::back_inserter(rest),
                 [bye](const PlayerHistory* player) { return player != bye; });
    if (auto games = pair_all(rest, limits)) return RoundPairing{std::move(*games), {bye->entrant.id}};
  }
  return std::nullopt;
}

}  // namespace yunzi::tournament
