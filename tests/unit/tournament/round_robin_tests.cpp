#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "server/tournament/round_robin.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::entrants;

TEST_CASE("Round robin: every pair meets exactly once, colours never more than 1 apart", "[tournament][round_robin]") {
  for (int players = 2; players <= 16; ++players) {
    INFO(players << " players");
    const auto seeds = seed_order(entrants(players, 27, 1));
    const int rounds = round_robin_rounds(seeds.size());
    CHECK(rounds == players - 1 + players % 2);

    std::set<std::pair<PlayerId, PlayerId>> met;
    std::map<PlayerId, int> balance;
    std::map<PlayerId, int> byes;
    for (int round = 1; round <= rounds; ++round) {
      const auto pairing = round_robin_round(seeds, round);
      REQUIRE(pairing);
      CHECK(pairing->byes.size() == static_cast<std::size_t>(players % 2));
      for (PlayerId bye : pairing->byes) ++byes[bye];
      for (const Pairing& game : pairing->games) {
        CHECK(met.insert(std::minmax(game.black, game.white)).second);
        ++balance[game.black];
        --balance[game.white];
      }
      for (const auto& [player, value] : balance) {
        INFO("player " << player << " after round " << round);
        CHECK(std::abs(value) <= 1);
      }
    }
    CHECK(met.size() == static_cast<std::size_t>(players * (players - 1) / 2));
    for (const auto& [player, count] : byes) CHECK(count == 1);
  }
}

TEST_CASE("Round robin seeds are the strongest first and rounds outside the table are refused",
          "[tournament][round_robin]") {
  const std::vector<Entrant> field{Entrant{7, 20, 1, {}}, Entrant{3, 25, 1, {}}, Entrant{5, 20, 1, {}}};
  CHECK(seed_order(field) == std::vector<PlayerId>{3, 5, 7});
  CHECK_FALSE(round_robin_round({3, 5, 7}, 0));
  CHECK_FALSE(round_robin_round({3, 5, 7}, 4));
  CHECK(round_robin_round({3, 5, 7}, 3));
}
