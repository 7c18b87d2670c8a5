#include <catch2/catch.hpp>

#include <set>

#include "server/tournament/elimination.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::play;

namespace {

std::set<std::pair<PlayerId, PlayerId>> pairs_of(const RoundPairing& pairing) {
  std::set<std::pair<PlayerId, PlayerId>> pairs;
  for (const Pairing& game : pairing.games) pairs.insert(std::minmax(game.black, game.white));
  return pairs;
}

}  // namespace

TEST_CASE("Eight seeds: 1 v 8, 4 v 5, 2 v 7, 3 v 6, and the winners of neighbouring matches meet",
          "[tournament][elimination]") {
  const std::vector<PlayerId> seeds{11, 12, 13, 14, 15, 16, 17, 18};
  CHECK(elimination_rounds(seeds.size()) == 3);
  TournamentRecord record;
  const auto first = elimination_round(record, seeds, 1);
  REQUIRE(first);
  CHECK(pairs_of(*first) == std::set<std::pair<PlayerId, PlayerId>>{{11, 18}, {14, 15}, {12, 17}, {13, 16}});
  for (const Pairing& game : first->games) CHECK(game.black > game.white);  // the weaker seed takes black

  // The second round waits for every first-round result.
  play(record, 1, 18, 11, Outcome::black_wins);  // an upset: 18 goes on
  play(record, 1, 15, 14, Outcome::white_wins);
  play(record, 1, 17, 12, Outcome::white_wins);
  CHECK_FALSE(elimination_round(record, seeds, 2));
  play(record, 1, 16, 13, Outcome::jigo);  // a jigo sends the higher seed on
  const auto second = elimination_round(record, seeds, 2);
  REQUIRE(second);
  CHECK(pairs_of(*second) == std::set<std::pair<PlayerId, PlayerId>>{{14, 18}, {12, 13}});

  play(record, 2, 18, 14, Outcome::both_lose);
  play(record, 2, 13, 12, Outcome::white_wins);
  const auto final_round = elimination_round(record, seeds, 3);
  REQUIRE(final_round);
  // Nobody came out of 14 v 18: 12 goes through with a bye.
  CHECK(final_round->games.empty());
  CHECK(final_round->byes == std::vector<PlayerId>{12});
  CHECK_FALSE(elimination_round(record, seeds, 4));
}

TEST_CASE("Five entrants: the top three seeds have first-round byes", "[tournament][elimination]") {
  const std::vector<PlayerId> seeds{1, 2, 3, 4, 5};
  const auto first = elimination_round(TournamentRecord{}, seeds, 1);
  REQUIRE(first);
  CHECK(pairs_of(*first) == std::set<std::pair<PlayerId, PlayerId>>{{4, 5}});
  CHECK(std::set<PlayerId>(first->byes.begin(), first->byes.end()) == std::set<PlayerId>{1, 2, 3});
}
