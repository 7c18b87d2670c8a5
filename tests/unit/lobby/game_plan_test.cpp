#include <catch2/catch.hpp>

#include "server/lobby/game_plan.hpp"

using namespace yunzi;
using lobby::Contender;
using lobby::plan_game;
using protocol::ErrorCode;

namespace {

Contender player(UserId id, const char* name, const char* rank, Role role = Role::user) {
  return Contender{id, protocol::UserInfo{name, *parse_rank(rank), role}, false};
}

yunzi::GameSettings friendly(int size = 19) {
  yunzi::GameSettings settings;
  settings.rated = false;
  settings.size = size;
  return settings;
}

const lobby::Coin creator_black = [] { return true; };
const lobby::Coin creator_white = [] { return false; };
const lobby::Coin no_coin = []() -> bool {
  FAIL("the colours should not be drawn");
  return true;
};

}  // namespace

TEST_CASE("even games draw colours with the coin") {
  const auto alice = player(1, "alice", "5k");
  const auto bob = player(2, "bob", "5k");
  yunzi::GameSettings settings;  // rated, even, nigiri
  auto first = plan_game(settings, alice, bob, {}, creator_black);
  REQUIRE(first);
  CHECK(first->black.id == 1);
  CHECK(first->white.id == 2);
  auto second = plan_game(settings, alice, bob, {}, creator_white);
  REQUIRE(second);
  CHECK(second->black.id == 2);
  CHECK(second->settings.komi == 7.5);
}

TEST_CASE("friendly games honour the creator's colour choice") {
  auto settings = friendly(9);
  settings.color = yunzi::ColorChoice::white;
  auto plan = plan_game(settings, player(1, "a", "5k"), player(2, "b", "3d"), {}, no_coin);
  REQUIRE(plan);
  CHECK(plan->white.id == 1);
  CHECK(plan->black.id == 2);
}

TEST_CASE("handicap games seat the weaker player on black") {
  auto settings = friendly();
  settings.handicap = 4;
  settings.komi = 0.5;
  auto plan = plan_game(settings, player(1, "strong", "2d"), player(2, "weak", "5k"), {}, no_coin);
  REQUIRE(plan);
  CHECK(plan->black.info.name == "weak");
  CHECK(plan->white.info.name == "strong");
  CHECK(plan->settings.handicap == 4);

  // Equal ranks: nobody is weaker, the colours are drawn.
  auto equal = plan_game(settings, player(1, "a", "5k"), player(2, "b", "5k"), {}, creator_white);
  REQUIRE(equal);
  CHECK(equal->black.id == 2);
}

TEST_CASE("rated 让先 gives black to the weaker player, komi 0.5") {
  yunzi::GameSettings settings;
  settings.handicap = 1;
  settings.komi = 0.5;
  auto plan = plan_game(settings, player(1, "weak", "3k"), player(2, "strong", "2k"), {}, no_coin);
  REQUIRE(plan);
  CHECK(plan->black.info.name == "weak");

  settings.color = yunzi::ColorChoice::white;
  auto conflicting = plan_game(settings, player(1, "weak", "3k"), player(2, "strong", "2k"), {}, no_coin);
  REQUIRE_FALSE(conflicting);
  CHECK(conflicting.error().code == ErrorCode::not_rated_eligible);
}

TEST_CASE("rated eligibility refusals say why") {
  yunzi::GameSettings settings;
  const auto alice = player(1, "alice", "5k");

  SECTION("ranks more than one step apart") {
    auto plan = plan_game(settings, alice, player(2, "bob", "3k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK(plan.error().code == ErrorCode::not_rated_eligible);
    CHECK_THAT(plan.error().message, Catch::Contains("one step"));
  }
  SECTION("not 19x19") {
    settings.size = 13;
    auto plan = plan_game(settings, alice, player(2, "bob", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK_THAT(plan.error().message, Catch::Contains("19x19"));
  }
  SECTION("a rated game already in progress") {
    auto busy = player(2, "bob", "5k");
    busy.has_rated_game_in_progress = true;
    auto plan = plan_game(settings, alice, busy, {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK_THAT(plan.error().message, Catch::Contains("one rated game"));
  }
  SECTION("handicap stones") {
    settings.handicap = 3;
    settings.komi = 0.5;
    auto plan = plan_game(settings, alice, player(2, "bob", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK(plan.error().code == ErrorCode::not_rated_eligible);
  }
  SECTION("a colour chosen in an even game") {
    settings.color = yunzi::ColorChoice::black;
    auto plan = plan_game(settings, alice, player(2, "bob", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK_THAT(plan.error().message, Catch::Contains("nigiri"));
  }
  SECTION("another komi") {
    settings.komi = 6.5;
    auto plan = plan_game(settings, alice, player(2, "bob", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK_THAT(plan.error().message, Catch::Contains("7.5"));
  }
  SECTION("no clock") {
    settings.time = yunzi::TimeControl::none();
    auto plan = plan_game(settings, alice, player(2, "bob", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK_THAT(plan.error().message, Catch::Contains("clock"));
  }
  SECTION("bots, unless the server allows them") {
    const auto bot = player(2, "gnugo", "5k", Role::bot);
    auto refused = plan_game(settings, alice, bot, {}, creator_black);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().code == ErrorCode::not_rated_eligible);
    auto allowed = plan_game(settings, alice, bot, lobby::PlanRules{true}, creator_black);
    CHECK(allowed);
  }
}

TEST_CASE("a rated game is played under situational superko, at seek, challenge and acceptance") {
  yunzi::GameSettings settings;
  CHECK(settings.ko == engine::KoRule::situational);  // the default of a request without ko
  CHECK(plan_game(settings, player(1, "a", "5k"), player(2, "b", "5k"), {}, creator_black));
  for (const auto ko : {engine::KoRule::simple, engine::KoRule::positional}) {
    settings.ko = ko;
    auto plan = plan_game(settings, player(1, "a", "5k"), player(2, "b", "5k"), {}, creator_black);
    REQUIRE_FALSE(plan);
    CHECK(plan.error().code == ErrorCode::not_rated_eligible);
    CHECK_THAT(plan.error().message, Catch::Contains("situational superko"));
    const auto seek = lobby::check_rated_settings(settings, protocol::UserInfo{"a", Rank::kyu(10)}, {});
    REQUIRE_FALSE(seek);
    CHECK(seek.error().message == plan.error().message);
    // Friendly games keep the rule they chose.
    yunzi::GameSettings chosen = friendly();
    chosen.ko = ko;
    auto friendly_plan = plan_game(chosen, player(1, "a", "5k"), player(2, "b", "5k"), {}, creator_black);
    REQUIRE(friendly_plan);
    CHECK(friendly_plan->settings.ko == ko);
  }
}

TEST_CASE("the rank gap of a rated game is the policy's") {
  yunzi::GameSettings settings;
  lobby::PlanRules association;
  association.rank_gap = ranking::association_rank_gap;
  CHECK_FALSE(plan_game(settings, player(1, "a", "1d"), player(2, "b", "3d"), {}, creator_black));
  CHECK(plan_game(settings, player(1, "a", "1d"), player(2, "b", "3d"), association, creator_black));
  CHECK(plan_game(settings, player(1, "a", "6d"), player(2, "b", "9d"), association, creator_black));
  CHECK_FALSE(plan_game(settings, player(1, "a", "3k"), player(2, "b", "1k"), association, creator_black));
}

TEST_CASE("nobody plays themselves") {
  auto plan = plan_game(friendly(), player(1, "a", "5k"), player(1, "a", "5k"), {}, creator_black);
  REQUIRE_FALSE(plan);
  CHECK(plan.error().code == ErrorCode::bad_request);
}

TEST_CASE("rated settings are checked when a seek is made") {
  yunzi::GameSettings settings;
  settings.size = 9;
  CHECK_FALSE(lobby::check_rated_settings(settings, protocol::UserInfo{"a", Rank::kyu(10)}, {}));
  settings.rated = false;
  CHECK(lobby::check_rated_settings(settings, protocol::UserInfo{"a", Rank::kyu(10)}, {}));
}

TEST_CASE("a seek or challenge without a clock gets the configured default in whole seconds") {
  lobby::PlanRules rules;
  rules.default_clock = yunzi::TimeControl::fischer(300'000, 5'000, 600'000);
  protocol::RequestedSettings requested;
  requested.rest = friendly(9);
  const auto settings = lobby::settings_to_play(requested, rules);
  CHECK(settings.time == yunzi::TimeControl::fischer(300'000, 5'000, 600'000));
  CHECK(settings.size == 9);
  CHECK_FALSE(settings.rated);

  rules.default_clock = yunzi::TimeControl::byoyomi(90'500, 2, 10'001);
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::byoyomi(91'000, 2, 11'000));
  rules.default_clock = yunzi::TimeControl::fischer(60'000, 0, 0);  // no cap stays no cap
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::fischer(60'000, 0, 0));
  rules.default_clock = yunzi::TimeControl::canadian(0, 20, 600'000);
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::canadian(0, 20, 600'000));
  rules.default_clock = yunzi::TimeControl::absolute(1'800'000);
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::absolute(1'800'000));
  rules.default_clock = yunzi::TimeControl::none();
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::none());
}

TEST_CASE("a clock named in the request wins over the default") {
  lobby::PlanRules rules;
  rules.default_clock = yunzi::TimeControl::none();
  protocol::RequestedSettings requested;
  requested.time = yunzi::TimeControl::absolute(60'000);
  CHECK(lobby::settings_to_play(requested, rules).time == yunzi::TimeControl::absolute(60'000));
}
