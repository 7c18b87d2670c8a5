#include "server/tournament/pair_weights.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "server/tournament/colours.hpp"
#include "server/tournament/handicap.hpp"

namespace yunzi::tournament {

namespace {

constexpr int rank_steps = 27;  // 18k .. 9d: the most two ranks can be apart, plus one

int placement_in_group(GroupMethod method, int first, int second, int size) {
  const int high = std::min(first, second);
  const int low = std::max(first, second);
  switch (method) {
    case GroupMethod::adjacent: return low - high - 1;
    case GroupMethod::fold: return std::abs(high + low - (size - 1));
    case GroupMethod::slide: return std::abs(low - high - size / 2);
  }
  return 0;
}

}  // namespace

PairWeights::PairWeights(std::vector<const PlayerHistory*> players, GroupMethod method, HandicapRules handicaps)
    : players_(std::move(players)),
      method_(method),
      handicaps_(handicaps),
      group_(players_.size()),
      position_(players_.size()) {
  for (std::size_t i = 0; i < players_.size(); ++i) {
    const bool same = i > 0 && players_[i]->score() == players_[i - 1]->score();
    group_[i] = i == 0 ? 0 : group_[i - 1] + (same ? 0 : 1);
    position_[i] = same ? position_[i - 1] + 1 : 0;
    if (!same) group_size_.push_back(0);
    ++group_size_.back();
  }
  const int largest_group = group_size_.empty() ? 0 : *std::max_element(group_size_.begin(), group_size_.end());
  most_placement_ = std::max(largest_group, rank_steps);
  const int groups = static_cast<int>(group_size_.size());

  // Mixed radix: a unit is worth one more than the most that every pair of
  // the round can add at all the orders below it.
  const MatchWeight pairs = static_cast<MatchWeight>(players_.size() / 2 + 1);
  unit_clash_ = unit_placement_ * (pairs * most_placement_ + 1);
  unit_apart_ = unit_clash_ * (pairs + 1);
  unit_cross_ = unit_apart_ * (pairs * groups + 1);
  unit_colours_ = unit_cross_ * (pairs + 1);
  unit_pair_ = unit_colours_ * (pairs + 1);
}

std::optional<PairCost> PairWeights::cost(std::size_t a, std::size_t b) const {
  const PlayerHistory& first = *players_[a];
  const PlayerHistory& second = *players_[b];
  if (first.has_met(second.entrant.id)) return std::nullopt;
  PairCost cost;
  const bool even = handicap_for(first.score() - second.score(), handicaps_) == 0;
  cost.colours_past_limit = even && !colours_within_limit(first, second) ? 1 : 0;
  cost.groups_apart = std::abs(group_[a] - group_[b]);
  cost.crosses_groups = cost.groups_apart > 0 ? 1 : 0;
  cost.colours_clash = even && colour_wishes_clash(first, second) ? 1 : 0;
  cost.placement = cost.crosses_groups
                       ? std::abs(first.entrant.rank_index - second.entrant.rank_index)
                       : placement_in_group(method_, position_[a], position_[b], group_size_[group_[a]]);
  return cost;
}

std::optional<MatchWeight> PairWeights::weight(std::size_t a, std::size_t b) const {
  const auto c = cost(a, b);
  if (!c) return std::nullopt;
  const int groups = static_cast<int>(group_size_.size());
  return unit_pair_ + (1 - c->colours_past_limit) * unit_colours_ + (1 - c->crosses_groups) * unit_cross_ +
         static_cast<MatchWeight>(groups - c->groups_apart) * unit_apart_ + (1 - c->colours_clash) * unit_clash_ +
         static_cast<MatchWeight>(most_placement_ - std::min(c->placement, most_placement_)) * unit_placement_;
}

}  // namespace yunzi::tournament
