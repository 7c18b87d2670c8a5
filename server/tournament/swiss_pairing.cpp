#include "server/tournament/swiss_pairing.hpp"

#include <algorithm>
#include <vector>

#include "server/tournament/colours.hpp"
#include "server/tournament/max_weight_matching.hpp"
#include "server/tournament/pair_weights.hpp"
#include "server/tournament/player_history.hpp"

namespace yunzi::tournament {

namespace {

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

// Every player in a game, or nullopt when the best matching leaves one out.
std::optional<std::vector<Pairing>> pair_everyone(const std::vector<const PlayerHistory*>& order, GroupMethod method) {
  const PairWeights weights(order, method);
  std::vector<WeightedEdge> edges;
  for (std::size_t a = 0; a < order.size(); ++a) {
    for (std::size_t b = a + 1; b < order.size(); ++b) {
      if (const auto weight = weights.weight(a, b)) edges.push_back({a, b, *weight});
    }
  }
  const auto mates = max_weight_matching(order.size(), edges);
  std::vector<Pairing> games;
  for (std::size_t a = 0; a < order.size(); ++a) {
    if (!mates[a]) return std::nullopt;
    if (*mates[a] > a) games.push_back(assign_colours(*order[a], *order[*mates[a]]));
  }
  return games;
}

}  // namespace

std::optional<RoundPairing> pair_swiss_round(const TournamentRecord& record, const ScoreRules& rules, int round) {
  const TournamentHistory history(record, rules, round - 1);
  std::vector<const PlayerHistory*> order;
  for (const auto& [id, player] : history.players()) {
    if (plays_in_round(player.entrant, round)) order.push_back(&player);
  }
  std::sort(order.begin(), order.end(), pairs_first);
  const GroupMethod method = round == 1 ? rules.first_round_method : rules.group_method;

  if (order.size() % 2 == 0) {
    auto games = pair_everyone(order, method);
    if (!games) return std::nullopt;
    return RoundPairing{std::move(*games), {}};
  }
  for (const PlayerHistory* bye : bye_candidates(order)) {
    std::vector<const PlayerHistory*> rest;
    std::copy_if(order.begin(), order.end(), std::back_inserter(rest),
                 [bye](const PlayerHistory* player) { return player != bye; });
    if (auto games = pair_everyone(rest, method)) return RoundPairing{std::move(*games), {bye->entrant.id}};
  }
  return std::nullopt;
}

}  // namespace yunzi::tournament
