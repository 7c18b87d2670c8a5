// The scoring phase: whole-chain marks, acceptances, resuming play and the
// deadline that settles a count nobody finishes.
#include <catch2/catch.hpp>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;
namespace req = yunzi::protocol::req;

namespace {

// Black: C3 C4 (one chain) and G7; White: D3. Then both pass.
RoomState room_in_scoring(std::int64_t& now, protocol::TimeControl time = protocol::NoClock{}) {
  RoomState room = new_room(setup_9x9(time));
  for (const auto& [user, vertex] : std::vector<std::pair<db::UserId, std::string>>{
           {alice_id, "C3"}, {bob_id, "D3"}, {alice_id, "C4"}, {bob_id, "G3"}, {alice_id, "G7"}}) {
    REQUIRE(error_code(room.handle(move(user, vertex), now += 1000)).empty());
  }
  room.handle(pass(bob_id), now += 1000);
  room.handle(pass(alice_id), now += 1000);
  REQUIRE(room.game().phase() == engine::Phase::scoring);
  return room;
}

RoomRequest dead(db::UserId user, const std::string& vertex, bool is_dead = true) {
  return from(user, req::GameDead{42, protocol::VertexText{vertex}, is_dead});
}

}  // namespace

TEST_CASE("a mark takes the whole chain and an unmark gives it back") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  Outcome marked = room.handle(dead(bob_id, "C4"), now += 10);
  CHECK(events_of(marked).at(0)["dead"] == nlohmann::json::array({"C4", "C3"}));
  CHECK(room.snapshot(now).dead.size() == 2);
  Outcome unmarked = room.handle(dead(alice_id, "C3", false), now += 10);
  CHECK(events_of(unmarked).at(0)["dead"].empty());
  SECTION("a mark that changes nothing sends nothing") {
    const Outcome again = room.handle(dead(alice_id, "C3", false), now += 10);
    CHECK(error_code(again).empty());
    CHECK(again.events.empty());
  }
  SECTION("an empty point or a pass is refused") {
    CHECK(error_code(room.handle(dead(alice_id, "A1"), now)) == "bad_request");
    CHECK(error_code(room.handle(dead(alice_id, "pass"), now)) == "bad_request");
  }
}

TEST_CASE("a change of the marking clears both acceptances") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  room.handle(from(alice_id, req::GameScoreAccept{42}), now += 10);
  Outcome changed = room.handle(dead(bob_id, "G7"), now += 10);
  const auto scoring = events_of(changed).at(0);
  CHECK(scoring["accepted"]["black"] == false);
  CHECK(scoring["accepted"]["white"] == false);
  Outcome one = room.handle(from(bob_id, req::GameScoreAccept{42}), now += 10);
  CHECK_FALSE(one.commit.has_value());
  Outcome both = room.handle(from(alice_id, req::GameScoreAccept{42}), now += 10);
  REQUIRE(both.commit.has_value());
  CHECK(std::get<EndCommit>(*both.commit).end.reason == "count");
}

TEST_CASE("resume leaves scoring; the opponent of the last passer moves with the clock running again") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now, protocol::ByoYomi{60, 3, 10});
  CHECK_FALSE(room.game_clock().running().has_value());
  room.handle(dead(alice_id, "D3"), now += 10);
  Outcome resumed = room.handle(from(bob_id, req::GameScoreResume{42}), now += 10);
  REQUIRE(types_of(resumed) == std::vector<std::string>{"game.clock"});
  CHECK(events_of(resumed)[0]["clock"]["running"] == "white");
  CHECK(room.game().phase() == engine::Phase::play);
  CHECK(room.snapshot(now).dead.empty());
  CHECK(error_code(room.handle(move(bob_id, "H8"), now += 10)).empty());
}

TEST_CASE("the clocks stop while scoring: the time spent there is not charged") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now, protocol::ByoYomi{60, 3, 10});
  const auto before = room.snapshot(now).clock;
  now += 150'000;
  CHECK(room.snapshot(now).clock.white.main_ms == before.white.main_ms);
  CHECK(room.snapshot(now).clock.black.main_ms == before.black.main_ms);
}

TEST_CASE("the scoring deadline counts an agreed marking and resumes a disputed one") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  const std::int64_t opened = now;
  REQUIRE(room.next_deadline() == opened + 180'000);
  SECTION("nothing marked by anyone: counted as it stands") {
    Outcome early = room.on_timer(opened + 179'999);
    CHECK_FALSE(early.commit.has_value());
    Outcome settled = room.on_timer(opened + 180'000);
    REQUIRE(settled.commit.has_value());
    CHECK(std::get<EndCommit>(*settled.commit).end.reason == "count");
  }
  SECTION("one marked and the other accepted that marking: counted with it") {
    room.handle(dead(alice_id, "G3"), now += 10);
    room.handle(from(bob_id, req::GameScoreAccept{42}), now += 10);
    room.handle(from(alice_id, req::GameScoreResume{42}), now += 10);  // resume and score again
    room.handle(pass(bob_id), now += 10);
    room.handle(pass(alice_id), now += 10);
    room.handle(dead(bob_id, "G7"), now += 10);
    room.handle(from(alice_id, req::GameScoreAccept{42}), now += 10);
    Outcome settled = room.on_timer(now + 180'000);
    REQUIRE(settled.commit.has_value());
    room.end_committed({});
    CHECK(room.end()->reason == protocol::EndReason::count);
    CHECK(room.end()->score.has_value());
  }
  SECTION("a chain only one player marked: play resumes") {
    room.handle(dead(alice_id, "G3"), now += 10);
    Outcome settled = room.on_timer(opened + 180'000);
    CHECK_FALSE(settled.commit.has_value());
    CHECK(types_of(settled) == std::vector<std::string>{"game.clock"});
    CHECK(room.game().phase() == engine::Phase::play);
    CHECK(room.game().to_move() == engine::Color::white);
  }
}
