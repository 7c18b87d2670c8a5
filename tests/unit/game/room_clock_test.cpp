// Time in the room: losing on time at the flag instant, byo-yomi periods
// used up while thinking and by late moves, lag credit, other systems.
#include <catch2/catch.hpp>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;

TEST_CASE("byo-yomi periods are announced as they run out, then the flag ends the game on time") {
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::byoyomi(10'000, 2, 5'000)));
  REQUIRE(room.next_deadline() == t0 + 10'000);
  Outcome early = room.on_timer(t0 + 9'999);
  CHECK(early.events.empty());

  Outcome main_over = room.on_timer(t0 + 10'000);
  REQUIRE(types_of(main_over) == std::vector<std::string>{"game.clock"});
  auto black = events_of(main_over)[0]["clock"]["black"];
  CHECK(black["main_ms"] == 0);
  CHECK(black["periods"] == 2);
  CHECK(black["period_ms"] == 5'000);

  REQUIRE(room.next_deadline() == t0 + 15'000);
  Outcome period_over = room.on_timer(t0 + 15'000);
  black = events_of(period_over).at(0)["clock"]["black"];
  CHECK(black["periods"] == 1);

  REQUIRE(room.next_deadline() == t0 + 20'000);
  Outcome flag = room.on_timer(t0 + 20'000);
  REQUIRE(flag.commit.has_value());
  const auto& end = std::get<EndCommit>(*flag.commit);
  CHECK(to_sgf(end.end.result) == "W+T");
  CHECK(end.facts.result.how == yunzi::EndReason::time);
  CHECK(json_of(room.end_committed({}).frame)["result"] == "W+T");
  CHECK_FALSE(room.next_deadline().has_value());
}

TEST_CASE("a move inside a period keeps it; a move after a whole period costs one") {
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::byoyomi(10'000, 3, 5'000)));
  Outcome kept = room.handle(move(alice_id, "C3"), t0 + 14'999);
  auto black = events_of(kept).at(0)["clock"]["black"];
  CHECK(black["periods"] == 3);
  CHECK(black["period_ms"] == 5'000);
  const auto record = std::get<MoveCommit>(*kept.commit).move;
  CHECK(record.periods_left == 3);

  room.handle(move(bob_id, "G7"), t0 + 15'000);
  // Black's main time is gone: 5,000 ms into its turn is a whole period.
  Outcome used = room.handle(move(alice_id, "C4"), t0 + 20'000);
  black = events_of(used).at(0)["clock"]["black"];
  CHECK(black["periods"] == 2);
  CHECK(black["period_ms"] == 5'000);
}

TEST_CASE("a move after the flag instant loses on time unless its lag credit covers it") {
  yunzi::TimeControl absolute = yunzi::TimeControl::absolute(10'000);
  SECTION("no lag: the late move ends the game") {
    RoomState room = new_room(setup_9x9(absolute));
    Outcome late = room.handle(move(alice_id, "C3"), t0 + 10'000);
    CHECK(error_code(late) == "wrong_phase");
    REQUIRE(late.commit.has_value());
    CHECK(to_sgf(std::get<EndCommit>(*late.commit).end.result) == "W+T");
    CHECK(room.game().moves().empty());
  }
  SECTION("300 ms of measured lag is credited") {
    RoomState room = new_room(setup_9x9(absolute));
    RoomRequest request = move(alice_id, "C3");
    request.one_way_lag_ms = 300;
    Outcome in_time = room.handle(request, t0 + 10'200);
    CHECK(error_code(in_time).empty());
    CHECK(events_of(in_time).at(0)["clock"]["black"]["main_ms"] == 100);
  }
  SECTION("credit is capped at 1000 ms a move") {
    RoomState room = new_room(setup_9x9(absolute));
    RoomRequest request = move(alice_id, "C3");
    request.one_way_lag_ms = 5'000;
    Outcome out = room.handle(request, t0 + 5'000);
    CHECK(events_of(out).at(0)["clock"]["black"]["main_ms"] == 6'000);
  }
}

TEST_CASE("the flag timer waits for the running player's lag credit") {
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::absolute(10'000)));
  RoomRequest first = move(alice_id, "C3");
  first.one_way_lag_ms = 400;
  room.handle(first, t0 + 1'000);
  RoomRequest reply = move(bob_id, "G7");
  reply.one_way_lag_ms = 0;
  room.handle(reply, t0 + 2'000);
  // Black has 9,400 ms left from t0 + 2,000 and a measured lag of 400 ms.
  CHECK(room.next_deadline() == t0 + 2'000 + 9'400 + 400);
}

TEST_CASE("Fischer adds the increment, Canadian counts stones, no clock never flags") {
  SECTION("Fischer") {
    RoomState room = new_room(setup_9x9(yunzi::TimeControl::fischer(60'000, 5'000, 120'000)));
    Outcome out = room.handle(move(alice_id, "C3"), t0 + 2'000);
    CHECK(events_of(out).at(0)["clock"]["black"]["main_ms"] == 63'000);
  }
  SECTION("Canadian") {
    RoomState room = new_room(setup_9x9(yunzi::TimeControl::canadian(0, 3, 60'000)));
    Outcome out = room.handle(move(alice_id, "C3"), t0 + 2'000);
    const auto black = events_of(out).at(0)["clock"]["black"];
    CHECK(black["stones"] == 2);
    CHECK(black["period_ms"] == 58'000);
  }
  SECTION("none") {
    RoomState room = new_room(setup_9x9(yunzi::TimeControl::none()));
    CHECK_FALSE(room.next_deadline().has_value());
    CHECK(room.on_timer(t0 + 100'000'000).events.empty());
  }
}
