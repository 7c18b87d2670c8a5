#include "server/tournament/swiss_pairing.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "server/tournament/handicap.hpp"
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

using PairSet = std::set<std::pair<PlayerId, PlayerId>>;

PairSet pairs_of(const std::vector<Pairing>& games) {
  PairSet pairs;
  for (const Pairing& game : games) pairs.insert(std::minmax(game.black, game.white));
  return pairs;
}

// Whether everyone of `field` could meet someone new in the next round
// (one may have the bye) once this round's games are played.
bool next_round_pairable(const std::vector<const PlayerHistory*>& field, const PairSet& this_round) {
  std::vector<WeightedEdge> edges;
  for (std::size_t a = 0; a < field.size(); ++a) {
    for (std::size_t b = a + 1; b < field.size(); ++b) {
      const PlayerId first = field[a]->entrant.id, second = field[b]->entrant.id;
      if (!field[a]->has_met(second) && !this_round.count(std::minmax(first, second))) edges.push_back({a, b, 1});
    }
  }
  const auto mates = max_weight_matching(field.size(), edges);
  const auto unmatched = std::count(mates.begin(), mates.end(), std::nullopt);
  return static_cast<std::size_t>(unmatched) <= field.size() % 2;
}

struct RoundGames {
  std::vector<Pairing> games;
  MatchWeight weight = 0;
};

// The best matching of `order` without the pairs `barred`; nullopt when it
// leaves anyone out.
std::optional<RoundGames> best_pairing(const std::vector<const PlayerHistory*>& order, const PairWeights& weights,
                                       const HandicapRules& handicaps, const PairSet& barred) {
  std::vector<WeightedEdge> edges;
  for (std::size_t a = 0; a < order.size(); ++a) {
    for (std::size_t b = a + 1; b < order.size(); ++b) {
      if (barred.count(std::minmax(order[a]->entrant.id, order[b]->entrant.id))) continue;
      if (const auto weight = weights.weight(a, b)) edges.push_back({a, b, *weight});
    }
  }
  const auto mates = max_weight_matching(order.size(), edges);
  RoundGames round;
  for (std::size_t a = 0; a < order.size(); ++a) {
    if (!mates[a]) return std::nullopt;
    if (*mates[a] < a) continue;
    round.games.push_back(pair_game(*order[a], *order[*mates[a]], handicaps));
    round.weight += *weights.weight(a, *mates[a]);
  }
  return round;
}

// Every player of `order` in a game. When rounds follow and the best
// pairing would leave the next round without any pairing of the field
// (`field`, the bye's player included) that repeats no game, the best of
// the pairings that go without one of its games and leave the next round
// possible is taken instead (a look-ahead of one round, as the completion
// rule of Swiss pairing systems asks); when there is none, the best.
std::optional<std::vector<Pairing>> pair_everyone(const std::vector<const PlayerHistory*>& order,
                                                  const std::vector<const PlayerHistory*>& field, GroupMethod method,
                                                  const HandicapRules& handicaps, bool rounds_follow) {
  const PairWeights weights(order, method, handicaps);
  auto best = best_pairing(order, weights, handicaps, {});
  if (!best) return std::nullopt;
  if (!rounds_follow || next_round_pairable(field, pairs_of(best->games))) return std::move(best->games);
  std::optional<RoundGames> chosen;
  for (const Pairing& game : best->games) {
    auto other = best_pairing(order, weights, handicaps, {std::minmax(game.black, game.white)});
    if (!other || (chosen && chosen->weight >= other->weight)) continue;
    if (next_round_pairable(field, pairs_of(other->games))) chosen = std::move(other);
  }
  return std::move(chosen ? chosen->games : best->games);
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
  const bool rounds_follow = round < rules.rounds;
  const HandicapRules handicaps = rules.system == System::mcmahon ? rules.handicaps : HandicapRules{0, 0};

  if (order.size() % 2 == 0) {
    auto games = pair_everyone(order, order, method, handicaps, rounds_follow);
    if (!games) return std::nullopt;
    return RoundPairing{std::move(*games), {}};
  }
  for (const PlayerHistory* bye : bye_candidates(order)) {
    std::vector<const PlayerHistory*> rest;
    std::copy_if(order.begin(), order.end(), std::back_inserter(rest),
                 [bye](const PlayerHistory* player) { return player != bye; });
    if (auto games = pair_everyone(rest, order, method, handicaps, rounds_follow)) {
      return RoundPairing{std::move(*games), {bye->entrant.id}};
    }
  }
  return std::nullopt;
}

}  // namespace yunzi::tournament
