// Small Swiss and McMahon fields played out with random results: every
// round's pairing is checked against an exhaustive search over all pairings
// of the round (no repeat; then the colour limit, the fewest games across
// score groups, the fewest groups crossed, colours due, the group method).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <random>

#include "server/tournament/pair_weights.hpp"
#include "server/tournament/player_history.hpp"
#include "server/tournament/swiss_pairing.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi::tournament;
using yunzi::tournament::testing::entrants;
using yunzi::tournament::testing::play_round;

namespace {

using CostSum = std::array<long, 5>;  // PairCost's fields summed, in order of priority

CostSum add(CostSum sum, const PairCost& c) {
  sum[0] += c.colours_past_limit;
  sum[1] += c.crosses_groups;
  sum[2] += c.groups_apart;
  sum[3] += c.colours_clash;
  sum[4] += c.placement;
  return sum;
}

// The least cost sum of any pairing of everyone in `open`; nullopt when
// every pairing repeats a game.
std::optional<CostSum> least_cost(const PairWeights& weights, std::vector<std::size_t> open) {
  if (open.empty()) return CostSum{};
  const std::size_t first = open.front();
  open.erase(open.begin());
  std::optional<CostSum> best;
  for (std::size_t i = 0; i < open.size(); ++i) {
    const auto cost = weights.cost(first, open[i]);
    if (!cost) continue;
    std::vector<std::size_t> rest = open;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    if (auto tail = least_cost(weights, rest)) {
      const CostSum total = add(*tail, *cost);
      if (!best || total < *best) best = total;
    }
  }
  return best;
}

// The fewest games between different scores of any pairing that repeats no
// game and keeps everyone's colours within the limit, from the players'
// scores alone.
std::optional<int> fewest_crossings(const std::vector<const PlayerHistory*>& players) {
  if (players.empty()) return 0;
  const PlayerHistory* first = players.front();
  std::optional<int> best;
  for (std::size_t i = 1; i < players.size(); ++i) {
    const PlayerHistory* other = players[i];
    if (first->has_met(other->entrant.id)) continue;
    const int low = std::min(first->colour_balance(), other->colour_balance());
    const int high = std::max(first->colour_balance(), other->colour_balance());
    if (low + 1 > 2 || high - 1 < -2) continue;
    std::vector<const PlayerHistory*> rest(players.begin() + 1, players.end());
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i - 1));
    if (auto tail = fewest_crossings(rest)) {
      const int total = *tail + (first->score() != other->score() ? 1 : 0);
      if (!best || total < *best) best = total;
    }
  }
  return best;
}

std::vector<const PlayerHistory*> pairing_order(const TournamentHistory& history, int round) {
  std::vector<const PlayerHistory*> order;
  for (const auto& [id, player] : history.players()) {
    if (plays_in_round(player.entrant, round)) order.push_back(&player);
  }
  std::sort(order.begin(), order.end(), [](const PlayerHistory* a, const PlayerHistory* b) {
    if (a->score() != b->score()) return a->score() > b->score();
    if (a->entrant.rank_index != b->entrant.rank_index) return a->entrant.rank_index > b->entrant.rank_index;
    return a->entrant.id < b->entrant.id;
  });
  return order;
}

void check_round(const TournamentRecord& record, const ScoreRules& rules, int round, const RoundPairing& pairing) {
  const TournamentHistory history(record, rules, round - 1);
  std::vector<const PlayerHistory*> order = pairing_order(history, round);
  if (!pairing.byes.empty()) {
    std::erase_if(order, [&](const PlayerHistory* p) { return p->entrant.id == pairing.byes.front(); });
  }
  const PairWeights weights(order, round == 1 ? rules.first_round_method : rules.group_method);
  std::map<PlayerId, std::size_t> index;
  for (std::size_t i = 0; i < order.size(); ++i) index[order[i]->entrant.id] = i;

  CostSum made{};
  int crossings = 0;
  for (const Pairing& game : pairing.games) {
    const auto cost = weights.cost(index.at(game.black), index.at(game.white));
    REQUIRE(cost);  // never a repeat
    made = add(made, *cost);
    crossings += cost->crosses_groups;
  }
  std::vector<std::size_t> everyone(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) everyone[i] = i;
  const auto best = least_cost(weights, everyone);
  REQUIRE(best);
  CHECK(made == *best);
  if (made[0] == 0) CHECK(crossings == fewest_crossings(order));
}

void play_out(ScoreRules rules, int players, int rounds, unsigned seed) {
  std::mt19937 random(seed);
  TournamentRecord record{entrants(players, 27, 2), {}, {}};
  for (int round = 1; round <= rounds; ++round) {
    INFO("seed " << seed << ", " << players << " players, round " << round);
    const auto pairing = pair_swiss_round(record, rules, round);
    if (!pairing) break;
    check_round(record, rules, round, *pairing);
    play_round(record, *pairing, round, random);
  }
}

}  // namespace

TEST_CASE("Every round of small Swiss fields is the best pairing an exhaustive search finds",
          "[tournament][swiss][property]") {
  for (const GroupMethod method : {GroupMethod::adjacent, GroupMethod::fold, GroupMethod::slide}) {
    ScoreRules rules;
    rules.first_round_method = method;
    rules.group_method = method;
    for (unsigned seed = 1; seed <= 6; ++seed) {
      for (int players : {12, 11, 8}) play_out(rules, players, 6, seed);
    }
  }
}

TEST_CASE("Every round of small McMahon fields is the best pairing an exhaustive search finds",
          "[tournament][mcmahon][property]") {
  ScoreRules rules;
  rules.system = System::mcmahon;
  rules.mcmahon_bar = 25;
  rules.mcmahon_floor = 22;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    for (int players : {12, 10, 9}) play_out(rules, players, 5, seed);
  }
}

TEST_CASE("A lone leader and a lone last player cross groups once, not once each", "[tournament][swiss]") {
  TournamentRecord record{entrants(6, 27, 1), {}, {}};
  using yunzi::tournament::testing::play;
  play(record, 1, 2, 1, Outcome::white_wins);  // 1 beats 2
  play(record, 1, 4, 3, Outcome::black_wins);  // 4 beats 3
  play(record, 1, 6, 5, Outcome::white_wins);  // 5 beats 6
  play(record, 2, 1, 4, Outcome::black_wins);  // 1 beats 4
  play(record, 2, 3, 5, Outcome::black_wins);  // 3 beats 5
  play(record, 2, 6, 2, Outcome::white_wins);  // 2 beats 6
  // Scores: 1 has two wins, 6 none, 2, 3, 4 and 5 one each. 1 and 6 meet
  // (one game across groups); floating each into the middle group would
  // make two.
  const auto pairing = pair_swiss_round(record, ScoreRules{}, 3);
  REQUIRE(pairing);
  const TournamentHistory history(record, ScoreRules{}, 2);
  int crossings = 0;
  for (const Pairing& game : pairing->games) {
    crossings += history.of(game.black).score() != history.of(game.white).score() ? 1 : 0;
  }
  CHECK(crossings == 1);
  CHECK(std::any_of(pairing->games.begin(), pairing->games.end(), [](const Pairing& game) {
    return std::min(game.black, game.white) == 1 && std::max(game.black, game.white) == 6;
  }));
}
