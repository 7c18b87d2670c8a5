// The scoring phase: whole-chain marks, the version that names each marking,
// acceptances of one version only, resuming play and the deadline that
// settles a count nobody finishes.
#include <catch2/catch.hpp>

#include <set>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;
namespace req = yunzi::protocol::req;

namespace {

// Black: C3 C4 (one chain) and G7; White: D3. Then both pass.
RoomState room_in_scoring(std::int64_t& now, yunzi::TimeControl time = yunzi::TimeControl::none()) {
  RoomState room = new_room(setup_9x9(time));
  for (const auto& [user, vertex] : std::vector<std::pair<UserId, std::string>>{
           {alice_id, "C3"}, {bob_id, "D3"}, {alice_id, "C4"}, {bob_id, "G3"}, {alice_id, "G7"}}) {
    REQUIRE(error_code(room.handle(move(user, vertex), now += 1000)).empty());
  }
  room.handle(pass(bob_id), now += 1000);
  room.handle(pass(alice_id), now += 1000);
  REQUIRE(room.game().phase() == engine::Phase::scoring);
  return room;
}

RoomRequest dead(UserId user, const std::string& vertex, bool is_dead = true) {
  return from(user, req::GameDead{42, protocol::VertexText{vertex}, is_dead});
}

// The marking_version of the one game.scoring event the input sent.
std::int64_t version_sent(const Outcome& out) {
  REQUIRE(types_of(out) == std::vector<std::string>{"game.scoring"});
  return events_of(out)[0].at("marking_version").get<std::int64_t>();
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
  room.handle(accept_score(alice_id, room), now += 10);
  Outcome changed = room.handle(dead(bob_id, "G7"), now += 10);
  const auto scoring = events_of(changed).at(0);
  CHECK(scoring["accepted"]["black"] == false);
  CHECK(scoring["accepted"]["white"] == false);
  Outcome one = room.handle(accept_score(bob_id, room), now += 10);
  CHECK_FALSE(one.commit.has_value());
  Outcome both = room.handle(accept_score(alice_id, room), now += 10);
  REQUIRE(both.commit.has_value());
  CHECK(to_string(std::get<EndCommit>(*both.commit).end.result.how) == "count");
}

TEST_CASE("the agreed marking goes with a count's end and stays in the ended game's state") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  room.handle(dead(bob_id, "G7"), now += 10);
  room.handle(accept_score(bob_id, room), now += 10);
  Outcome both = room.handle(accept_score(alice_id, room), now += 10);
  REQUIRE(both.commit.has_value());
  const std::vector<engine::Vertex> g7{{6, 2}};
  CHECK(std::get<EndCommit>(*both.commit).end.dead == g7);
  room.end_committed({});
  CHECK(room.snapshot(now).phase == protocol::Phase::ended);
  CHECK(room.snapshot(now).dead == g7);
  CHECK(room.snapshot(now).marking_version == 0);
}

TEST_CASE("a resignation during scoring keeps no marking") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  room.handle(dead(bob_id, "G7"), now += 10);
  Outcome resigned = room.handle(from(alice_id, req::GameResign{42}), now += 10);
  REQUIRE(resigned.commit.has_value());
  CHECK(std::get<EndCommit>(*resigned.commit).end.dead.empty());
  room.end_committed({});
  CHECK(room.snapshot(now).dead.empty());
}

TEST_CASE("resume leaves scoring; the opponent of the last passer moves with the clock running again") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now, yunzi::TimeControl::byoyomi(60'000, 3, 10'000));
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
  RoomState room = room_in_scoring(now, yunzi::TimeControl::byoyomi(60'000, 3, 10'000));
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
    CHECK(to_string(std::get<EndCommit>(*settled.commit).end.result.how) == "count");
  }
  SECTION("one marked and the other accepted that marking: counted with it") {
    room.handle(dead(alice_id, "G3"), now += 10);
    room.handle(accept_score(bob_id, room), now += 10);
    room.handle(from(alice_id, req::GameScoreResume{42}), now += 10);  // resume and score again
    room.handle(pass(bob_id), now += 10);
    room.handle(pass(alice_id), now += 10);
    room.handle(dead(bob_id, "G7"), now += 10);
    room.handle(accept_score(alice_id, room), now += 10);
    Outcome settled = room.on_timer(now + 180'000);
    REQUIRE(settled.commit.has_value());
    room.end_committed({});
    CHECK(room.end()->result.how == yunzi::EndReason::count);
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

TEST_CASE("every change of the marking gets a new version; an acceptance keeps it") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  const std::int64_t opening_seq = room.event_log().back().seq;
  const protocol::Frame opening = room.event_log().frame_of(room.event_log().back());
  REQUIRE(json_of(opening)["type"] == "game.scoring");
  const std::int64_t opened = room.marking_version();
  CHECK(json_of(opening)["marking_version"] == opened);
  CHECK(opened == opening_seq);  // the seq of the event that announced the marking
  CHECK(room.snapshot(now).marking_version == opened);
  std::set<std::int64_t> versions{opened};
  auto check_new = [&](std::int64_t version) {
    CHECK(version == room.marking_version());
    CHECK(version > *versions.rbegin());
    versions.insert(version);
  };

  check_new(version_sent(room.handle(dead(bob_id, "C4"), now += 10)));
  const std::int64_t marked = room.marking_version();
  CHECK(room.snapshot(now).marking_version == marked);
  // The same chain marked again changes nothing, so the version stays.
  CHECK(room.handle(dead(alice_id, "C3"), now += 10).events.empty());
  CHECK(room.marking_version() == marked);
  // An acceptance changes who agrees, not what is agreed to.
  CHECK(version_sent(room.handle(accept_score(alice_id, room), now += 10)) == marked);
  // Marked alive again: back to the opening's marking, yet a new version.
  check_new(version_sent(room.handle(dead(bob_id, "C3", false), now += 10)));
  CHECK(room.snapshot(now).dead.empty());
  CHECK(room.marking_version() != opened);
  check_new(version_sent(room.handle(dead(alice_id, "G3"), now += 10)));
  check_new(version_sent(room.handle(dead(bob_id, "G3", false), now += 10)));

  // Play resumes: no marking, then scoring opens again with a version of its own.
  const std::int64_t before_resume = room.marking_version();
  REQUIRE(error_code(room.handle(from(bob_id, req::GameScoreResume{42}), now += 10)).empty());
  CHECK(room.marking_version() == 0);
  CHECK(room.snapshot(now).marking_version == 0);
  CHECK(error_code(room.handle(from(alice_id, req::GameScoreAccept{42, before_resume}), now += 10)) == "wrong_phase");
  room.handle(pass(bob_id), now += 10);
  Outcome reopened = room.handle(pass(alice_id), now += 10);
  REQUIRE(types_of(reopened) == std::vector<std::string>{"game.move", "game.scoring"});
  check_new(events_of(reopened)[1].at("marking_version").get<std::int64_t>());
  CHECK(error_code(room.handle(from(alice_id, req::GameScoreAccept{42, before_resume}), now += 10)) == "conflict");
  CHECK(versions.size() == 6);
}

TEST_CASE("an acceptance of a marking that changed meanwhile is refused and changes nothing") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  const std::int64_t seen_by_black = room.marking_version();
  // White marks Black's C3-C4 and accepts before Black has heard of it.
  room.handle(dead(bob_id, "C4"), now += 10);
  REQUIRE(error_code(room.handle(accept_score(bob_id, room), now += 10)).empty());
  const std::int64_t current = room.marking_version();
  REQUIRE(current != seen_by_black);
  const std::int64_t seq = room.seq();
  const std::string state = *protocol::reply_game_state(1, room.snapshot(now));

  Outcome stale = room.handle(from(alice_id, req::GameScoreAccept{42, seen_by_black}), now += 10);
  CHECK(error_code(stale) == "conflict");
  CHECK(json_of(stale.reply)["message"] == "the marking changed: version " + std::to_string(current) + " is current");
  CHECK(stale.events.empty());
  CHECK_FALSE(stale.commit.has_value());
  CHECK(room.seq() == seq);
  CHECK(*protocol::reply_game_state(1, room.snapshot(now)) == state);

  SECTION("a version the room never sent is refused the same way") {
    CHECK(error_code(room.handle(from(alice_id, req::GameScoreAccept{42, current + 1}), now += 10)) == "conflict");
    CHECK(error_code(room.handle(from(alice_id, req::GameScoreAccept{42, 0}), now += 10)) == "conflict");
  }
  SECTION("at the deadline Black has agreed to nothing: play resumes") {
    Outcome settled = room.on_timer(now + 180'000);
    CHECK_FALSE(settled.commit.has_value());
    CHECK(room.game().phase() == engine::Phase::play);
  }
  SECTION("accepting the current version counts with that marking") {
    Outcome counted = room.handle(from(alice_id, req::GameScoreAccept{42, current}), now += 10);
    REQUIRE(counted.commit.has_value());
    // C3-C4 dead: Black keeps G7 (1), White D3 G3 (2), the 78 empty points
    // touch both and are shared: 40 - 41 - 7.5 komi.
    CHECK(to_sgf(std::get<EndCommit>(*counted.commit).end.result) == "W+8.5");
  }
}
