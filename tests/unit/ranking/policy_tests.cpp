#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/policy.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

TEST_CASE("the policy is chosen by name", "[ranking][policy]") {
  auto tom = make_ranking_policy("tom");
  REQUIRE(tom.has_value());
  CHECK((*tom)->name() == "tom");
  auto association = make_ranking_policy("association");
  REQUIRE(association.has_value());
  CHECK((*association)->name() == "association");
  const auto unknown = make_ranking_policy("elo");
  REQUIRE_FALSE(unknown.has_value());
  CHECK(unknown.error().code == RankingErrorCode::unknown_policy);
  CHECK(unknown.error().message.find("elo") != std::string::npos);
}

TEST_CASE("the TOM policy moves players after games and publishes nothing monthly", "[ranking][policy]") {
  const TomPolicy policy;
  Player player(rank_of("2d"), &policy);
  player.play_script(std::string(18, 'W'));
  CHECK(player.state().rank == rank_of("4d"));
  const std::vector<AssociationPlayer> players{{1, rank_of("1d"), games_from(std::string(20, 'W'))}};
  CHECK(policy.monthly_promotions(players, 1'800'000'000).empty());
  CHECK(policy.progress(player.state()).block_size == 20);
}

TEST_CASE("the association policy leaves dan ranks to the monthly job", "[ranking][policy]") {
  const AssociationPolicy policy;
  Player dan(rank_of("2d"), &policy);
  const auto decisions = dan.play_script(std::string(25, 'W'));
  for (const Decision& d : decisions) {
    CHECK_FALSE(d.change.has_value());
    CHECK(d.block == BlockStatus::continues);
  }
  CHECK(dan.state().block_games.size() == 25);

  // Kyu players follow the TOM table and reach the dan ranks by it.
  Player kyu(rank_of("1k"), &policy);
  kyu.play_script(std::string(14, 'W'));
  CHECK(kyu.state().rank == rank_of("2d"));
}

TEST_CASE("association progress speaks of responsibility games", "[ranking][policy]") {
  const AssociationPolicy policy;
  PlayerState state{1, rank_of("1d"), rank_of("1d"), games_from("WWWWL"), {}};
  for (RatedGame& g : state.block_games) g.opponent_rank = rank_of("1d");
  RankProgress progress = policy.progress(state);
  CHECK(progress.games == 5);
  CHECK(progress.wins == 4);
  CHECK(progress.block_size == 0);
  CHECK(progress.summary == "7 more responsibility games before a promotion to 2d can be considered");

  state.block_games = games_from("WWWWWWWWWWWW");
  for (RatedGame& g : state.block_games) g.opponent_rank = rank_of("2d");
  CHECK(
      policy.progress(state).summary ==
      "the average over the last 12 responsibility games is reached: promotion to 2d at the next monthly publication");

  for (RatedGame& g : state.block_games) g.outcome = Outcome::loss;
  CHECK(policy.progress(state).summary ==
        "no promotion average reached yet (75 over 12, 70 over 16 or 67.5 over 20 games)");

  state.bonus_awards = {{3, 0}};
  CHECK(policy.progress(state).summary ==
        "no promotion average reached yet (75 over 12, 70 over 16 or 67.5 over 20 games) "
        "(with 3 tournament bonus points added to the average)");
  state.bonus_awards.clear();

  state.rank = state.block_start_rank = rank_of("9d");
  CHECK(policy.progress(state).summary == "9d is the highest rank");

  const PlayerState kyu{1, rank_of("5k"), rank_of("5k"), {}};
  CHECK(policy.progress(kyu).summary == "14 more wins in a row promote to 3k; 14 more losses in a row demote to 7k");
}

TEST_CASE("each policy says how far apart rated players may be", "[ranking][policy]") {
  CHECK(TomPolicy{}.rated_rank_gap() == tom_rank_gap);
  CHECK(AssociationPolicy{}.rated_rank_gap() == association_rank_gap);
}

TEST_CASE("the association policy runs with the rules it is given", "[ranking][policy]") {
  AssociationRules rules;
  rules.demotion_below_tenths = 400;
  auto made = make_ranking_policy("association", rules);
  REQUIRE(made.has_value());
  PlayerState state{1, rank_of("3d"), rank_of("3d"), games_from(std::string(24, 'L')), {}};
  for (RatedGame& g : state.block_games) g.opponent_rank = rank_of("3d");
  CHECK((*made)->progress(state).summary ==
        "no promotion average reached yet (75 over 16, 70 over 20 or 67.5 over 24 games); the average over 24 "
        "responsibility games is below 40: demotion to 2d at the next monthly publication");
  const std::vector<AssociationPlayer> players{{1, state.rank, state.block_games}};
  const auto changes = (*made)->monthly_promotions(players, 1'800'000'000'000);
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].change.reason == ChangeReason::demotion);
  CHECK(AssociationPolicy{}.monthly_promotions(players, 1'800'000'000'000).empty());
}
