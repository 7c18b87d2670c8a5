#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "server/tournament/handicap.hpp"
#include "server/tournament/swiss_pairing.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::play;
using yunzi::tournament::testing::play_round;

namespace {

ScoreRules mcmahon_with_handicaps(int reduction, int max) {
  ScoreRules rules;
  rules.system = System::mcmahon;
  rules.mcmahon_bar = 27;   // 9d
  rules.mcmahon_floor = 1;  // 18k: every rank its own starting score
  rules.handicaps = HandicapRules{reduction, max};
  return rules;
}

}  // namespace

TEST_CASE("A handicap is the McMahon score difference in whole points, reduced and capped", "[tournament][handicap]") {
  const HandicapRules usual{1, 9};
  CHECK(handicap_for(0, usual) == 0);
  CHECK(handicap_for(2, usual) == 0);  // one point: the reduction takes it
  CHECK(handicap_for(3, usual) == 0);  // a point and a half: the half point gives no stone
  CHECK(handicap_for(4, usual) == 1);  // two points: no komi
  CHECK(handicap_for(6, usual) == 2);
  CHECK(handicap_for(-6, usual) == 2);  // either order
  CHECK(handicap_for(40, usual) == 9);  // twenty points: capped at nine
  CHECK(handicap_for(40, HandicapRules{1, 3}) == 3);
  CHECK(handicap_for(2, HandicapRules{0, 9}) == 1);
  CHECK(handicap_for(40, HandicapRules{2, 0}) == 0);  // a cap of 0: even games only
  CHECK(handicap_for(40, HandicapRules{12, 9}) == 8);
}

TEST_CASE("The weaker player of a handicap game takes black", "[tournament][handicap]") {
  // A 1k and a 5k: four points apart, so three stones with a reduction of 1.
  TournamentRecord record{{Entrant{1, 18, 1, {}}, Entrant{2, 14, 1, {}}}, {}, {}};
  const auto pairing = pair_swiss_round(record, mcmahon_with_handicaps(1, 9), 1);
  REQUIRE(pairing);
  REQUIRE(pairing->games.size() == 1);
  CHECK(pairing->games[0].black == 2);
  CHECK(pairing->games[0].white == 1);
  CHECK(pairing->games[0].handicap == 3);

  const auto capped = pair_swiss_round(record, mcmahon_with_handicaps(1, 2), 1);
  REQUIRE(capped);
  CHECK(capped->games[0].handicap == 2);

  // The same field as a Swiss plays even: a Swiss score says nothing of strength.
  ScoreRules swiss = mcmahon_with_handicaps(1, 9);
  swiss.system = System::swiss;
  const auto even = pair_swiss_round(record, swiss, 1);
  REQUIRE(even);
  CHECK(even->games[0].handicap == 0);
}

TEST_CASE("Results move the McMahon scores and the handicap with them", "[tournament][handicap]") {
  // 1k, 3k, 5k, 7k: round 1 pairs 1k-3k and 5k-7k, two points apart each:
  // one stone (no komi) with a reduction of 1. The stronger win both, and
  // round 2's handicaps follow the new scores.
  TournamentRecord record{
      {Entrant{1, 18, 1, {}}, Entrant{2, 16, 1, {}}, Entrant{3, 14, 1, {}}, Entrant{4, 12, 1, {}}}, {}, {}};
  const ScoreRules rules = mcmahon_with_handicaps(1, 9);
  const auto first = pair_swiss_round(record, rules, 1);
  REQUIRE(first);
  for (const Pairing& game : first->games) {
    CHECK(game.handicap == 1);
    play(record, 1, game.black, game.white, Outcome::white_wins);
    record.games.back().players.handicap = game.handicap;
  }
  const auto second = pair_swiss_round(record, rules, 2);
  REQUIRE(second);
  const TournamentHistory history(record, rules, 1);
  for (const Pairing& game : second->games) {
    const HalfPoints black = history.of(game.black).score();
    const HalfPoints white = history.of(game.white).score();
    CHECK(game.handicap == handicap_for(black - white, rules.handicaps));
    if (game.handicap > 0) CHECK(black < white);
  }
}

TEST_CASE("Handicap games count in nobody's colour balance", "[tournament][handicap]") {
  TournamentRecord record{{Entrant{1, 18, 1, {}}, Entrant{2, 14, 1, {}}, Entrant{3, 14, 1, {}}}, {}, {}};
  play(record, 1, 2, 1, Outcome::white_wins);
  record.games.back().players.handicap = 3;
  play(record, 2, 3, 1, Outcome::white_wins);
  const TournamentHistory history(record, mcmahon_with_handicaps(1, 9), 2);
  CHECK(history.of(2).blacks() == 0);
  CHECK(history.of(1).whites() == 1);  // the even game of round 2 counts
  CHECK(history.of(1).last_colour() == Colour::white);
}

TEST_CASE("Simulated McMahon tournaments give every game the handicap its scores call for",
          "[tournament][handicap][property]") {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    std::mt19937 random(seed);
    const int players = 8 + static_cast<int>(seed % 5);
    const ScoreRules rules = mcmahon_with_handicaps(static_cast<int>(seed % 3), 2 + static_cast<int>(seed % 7));
    TournamentRecord record{yunzi::tournament::testing::entrants(players, 20, 1), {}, {}};
    int handicap_games = 0;
    for (int round = 1; round <= 5; ++round) {
      INFO("seed " << seed << " round " << round);
      const auto pairing = pair_swiss_round(record, rules, round);
      REQUIRE(pairing);
      const TournamentHistory history(record, rules, round - 1);
      for (const Pairing& game : pairing->games) {
        const HalfPoints black = history.of(game.black).score();
        const HalfPoints white = history.of(game.white).score();
        CHECK(game.handicap == handicap_for(black - white, rules.handicaps));
        CHECK(game.handicap <= rules.handicaps.max);
        if (game.handicap > 0) {
          CHECK(black < white);
          ++handicap_games;
        }
      }
      play_round(record, *pairing, round, random);
    }
    const TournamentHistory after(record, rules, 5);
    for (const auto& [id, player] : after.players()) CHECK(std::abs(player.colour_balance()) <= 2);
    CHECK(handicap_games > 0);  // ranks a step apart: the field cannot pair all even
  }
}
