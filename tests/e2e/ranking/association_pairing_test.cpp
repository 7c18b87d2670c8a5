// The Shanghai association's responsibility games: rated games between dan
// players at most two dan apart (inclusive), and games with a 9d. Under
// --ranking-policy association such games are allowed and scored; kyu
// players, and the TOM table, keep one step.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Raised by an admin (registration stops at 1d); waits until the user is told.
Player at_rank(RankedServer& ranked, Player& admin, const std::string& name, const std::string& rank) {
  Player player = ranked.registered(name, "1d");
  if (rank != "1d") {
    admin.ok({{"type", "admin.set_rank"}, {"user", name}, {"rank", rank}, {"reason", "known strength"}});
    REQUIRE(player.wait_event("rank.change")["to"] == rank);
  }
  return player;
}

Json progress_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["rank_progress"];
}

}  // namespace

TEST_CASE("under the association policy dan players two dan apart, and any dan against a 9d, play rated",
          "[ranking][e2e]") {
  RankedServer ranked(ServerOptions{{"--ranking-policy", "association"}});
  Player root = ranked.admin();
  Player first = at_rank(ranked, root, "firstdan", "1d");
  Player third = at_rank(ranked, root, "thirddan", "3d");
  Player sixth = at_rank(ranked, root, "sixthdan", "6d");
  Player ninth = at_rank(ranked, root, "ninthdan", "9d");

  // Two dan apart: a responsibility game, counted for both.
  const RatedGame upset = play_rated_win(first, third, first);
  CHECK(upset.end["rank_changes"] == Json::array());
  CHECK(progress_of(root, "firstdan")["games"] == 1);
  CHECK(progress_of(root, "firstdan")["wins"] == 1);
  CHECK(progress_of(root, "thirddan")["games"] == 1);
  CHECK(progress_of(root, "thirddan")["losses"] == 1);

  // Three dan apart with a 9d: counted too.
  play_rated_win(ninth, sixth, ninth);
  CHECK(progress_of(root, "sixthdan")["games"] == 1);
  CHECK(progress_of(root, "ninthdan")["wins"] == 1);

  // Three dan apart without a 9d is friendly only.
  const Json refused = first.fails({{"type", "challenge"}, {"to", "sixthdan"}, {"settings", rated_settings()}});
  CHECK(refused["code"] == "not_rated_eligible");
  CHECK_THAT(refused["message"].get<std::string>(), Catch::Contains("two dan apart"));
}

TEST_CASE("under the association policy kyu players keep one step", "[ranking][e2e]") {
  RankedServer ranked(ServerOptions{{"--ranking-policy", "association"}});
  Player weak = ranked.registered("weak", "3k");
  Player strong = ranked.registered("strong", "1k");
  CHECK(weak.fails({{"type", "challenge"}, {"to", "strong"}, {"settings", rated_settings()}})["code"] ==
        "not_rated_eligible");
  Player first = ranked.registered("firstdan", "1d");
  play_rated_win(strong, first, strong);  // one step, from 1k to 1d
}

TEST_CASE("under the TOM table dan players two dan apart play friendly only", "[ranking][e2e]") {
  RankedServer ranked;
  Player root = ranked.admin();
  Player first = at_rank(ranked, root, "firstdan", "1d");
  Player third = at_rank(ranked, root, "thirddan", "3d");
  const Json refused = first.fails({{"type", "challenge"}, {"to", "thirddan"}, {"settings", rated_settings()}});
  CHECK(refused["code"] == "not_rated_eligible");
  CHECK_THAT(refused["message"].get<std::string>(), Catch::Contains("one step"));
}
