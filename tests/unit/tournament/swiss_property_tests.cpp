// Whole tournaments simulated through the pairing with random results: the
// rules that must hold in every round of every one of them.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "server/tournament/player_history.hpp"
#include "server/tournament/swiss_pairing.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::entrants;
using yunzi::tournament::testing::pairs_met;
using yunzi::tournament::testing::play_round;

namespace {

struct SimulationFacts {
  int cross_group_pairs = 0;  // games between players of different score groups
  int score_groups = 0;       // summed over rounds
};

// Pairs and plays `rounds` rounds, checking each round as it is paired.
SimulationFacts simulate(TournamentRecord& record, const ScoreRules& rules, int rounds, std::mt19937& random) {
  SimulationFacts facts;
  for (int round = 1; round <= rounds; ++round) {
    const auto pairing = pair_swiss_round(record, rules, round);
    REQUIRE(pairing);
    const TournamentHistory before(record, rules, round - 1);

    std::map<PlayerId, int> appearances;
    for (const Pairing& game : pairing->games) {
      ++appearances[game.black];
      ++appearances[game.white];
      if (before.of(game.black).score() != before.of(game.white).score()) ++facts.cross_group_pairs;
    }
    for (PlayerId bye : pairing->byes) ++appearances[bye];
    CHECK(pairing->byes.size() <= 1);
    for (const Entrant& entrant : record.entrants) {
      INFO("player " << entrant.id << " in round " << round);
      CHECK(appearances[entrant.id] == (plays_in_round(entrant, round) ? 1 : 0));
    }
    std::set<HalfPoints> groups;
    for (const auto& [id, player] : before.players()) {
      if (plays_in_round(player.entrant, round)) groups.insert(player.score());
    }
    facts.score_groups += static_cast<int>(groups.size());
    play_round(record, *pairing, round, random);
  }
  return facts;
}

void check_tournament(const TournamentRecord& record, const ScoreRules& rules, int rounds) {
  for (const auto& [pair, count] : [&] {
         std::map<std::pair<PlayerId, PlayerId>, int> counts;
         for (const auto& pair : pairs_met(record)) ++counts[pair];
         return counts;
       }()) {
    INFO("pair " << pair.first << "-" << pair.second);
    CHECK(count == 1);
  }
  const TournamentHistory after(record, rules, rounds);
  for (const auto& [id, player] : after.players()) {
    INFO("player " << id);
    CHECK(std::abs(player.colour_balance()) <= 2);
    int byes = 0;
    for (const RoundPlay& play : player.rounds) byes += play.bye ? 1 : 0;
    CHECK(byes <= 1);
  }
}

}  // namespace

TEST_CASE("120 players over 7 Swiss rounds: no repeat, colours within 2, one bye at most, score groups kept",
          "[tournament][swiss][property]") {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    INFO("seed " << seed);
    std::mt19937 random(seed);
    for (int players : {120, 119}) {
      INFO(players << " players");
      TournamentRecord record{entrants(players), {}, {}};
      const auto facts = simulate(record, ScoreRules{}, 7, random);
      check_tournament(record, ScoreRules{}, 7);
      // Each score group floats at most one player to the next.
      CHECK(facts.cross_group_pairs <= facts.score_groups);
    }
  }
}

TEST_CASE("A McMahon tournament with late entrants and withdrawals keeps the same rules",
          "[tournament][mcmahon][property]") {
  ScoreRules rules;
  rules.system = System::mcmahon;
  rules.mcmahon_bar = 22;
  rules.mcmahon_floor = 14;
  for (unsigned seed = 1; seed <= 5; ++seed) {
    INFO("seed " << seed);
    std::mt19937 random(seed);
    TournamentRecord record{entrants(60, 27, 2), {}, {}};
    std::uniform_int_distribution<std::size_t> anyone(0, record.entrants.size() - 1);
    for (int i = 0; i < 5; ++i) record.entrants[anyone(random)].first_round = 3;
    for (int i = 0; i < 5; ++i) record.entrants[anyone(random)].withdrawn_after = 4;
    simulate(record, rules, 7, random);
    check_tournament(record, rules, 7);
  }
}

namespace {

// Whether the players can be paired (one bye allowed when their number is
// odd) without a repeated pair: an exhaustive search, for small fields.
bool repeat_free_pairing_exists(std::vector<PlayerId> open, const std::set<std::pair<PlayerId, PlayerId>>& met) {
  if (open.size() < 2) return true;
  const PlayerId first = open.front();
  open.erase(open.begin());
  if (open.size() % 2 == 0) {
    // An odd number before `first` was taken out: `first` may have the bye.
    if (repeat_free_pairing_exists(open, met)) return true;
  }
  for (std::size_t i = 0; i < open.size(); ++i) {
    if (met.count(std::minmax(first, open[i]))) continue;
    std::vector<PlayerId> rest = open;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    if (repeat_free_pairing_exists(rest, met)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("A small Swiss is paired as long as any pairing without a repeat exists", "[tournament][swiss][property]") {
  for (int players : {8, 7}) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
      INFO(players << " players, seed " << seed);
      std::mt19937 random(seed);
      TournamentRecord record{entrants(players, 27, 1), {}, {}};
      for (int round = 1; round <= players; ++round) {
        const auto pairing = pair_swiss_round(record, ScoreRules{}, round);
        if (!pairing) {
          const auto met = pairs_met(record);
          std::vector<PlayerId> everyone;
          for (const Entrant& entrant : record.entrants) everyone.push_back(entrant.id);
          CHECK_FALSE(repeat_free_pairing_exists(everyone, {met.begin(), met.end()}));
          break;
        }
        play_round(record, *pairing, round, random);
      }
      const auto met = pairs_met(record);
      CHECK(met.size() == std::set<std::pair<PlayerId, PlayerId>>(met.begin(), met.end()).size());
    }
  }
}
