// The way back after a commit the database refused: a saved state put back
// must leave the room exactly as it was, whatever the input changed, so the
// same input afterwards does exactly what it did the first time.
#include <catch2/catch.hpp>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;
namespace req = yunzi::protocol::req;

namespace {

// Everything an outsider can see of a room, as text.
std::string view_of(const RoomState& room, std::int64_t now) {
  std::string view = *protocol::reply_game_state(1, room.snapshot(now));
  view += "\nsgf " + room.sgf();
  view += "\nseq " + std::to_string(room.seq()) + " log " + std::to_string(room.event_log().size());
  view += "\nhash " + std::to_string(room.game().position_hash());
  view += "\nphase " + std::string(engine::to_string(room.game().phase()));
  view += "\ndeadline " + std::to_string(room.next_deadline().value_or(-1));
  view += "\nended " + std::to_string(room.ended());
  for (const auto& entry : room.event_log()) {
    view += "\n" + std::to_string(entry.seq) + " " + *room.event_log().frame_of(entry);
  }
  return view;
}

std::vector<std::string> frames_of(const Outcome& out) {
  std::vector<std::string> frames;
  if (out.reply) frames.push_back(*out.reply.frame);
  for (const Delivery& d : out.events) frames.push_back(*d.frame);
  return frames;
}

// Runs `input` on the room, puts the saved state back, and runs it again:
// the room must look as before, and the second run must repeat the first.
template <class Input>
void check_way_back(RoomState& room, std::int64_t now, Input input) {
  const std::string before = view_of(room, now);
  SavedRoomState saved = room.save();
  const Outcome first = input(room);
  REQUIRE(first.commit);
  REQUIRE(view_of(room, now) != before);
  room.restore(std::move(saved));
  CHECK(view_of(room, now) == before);
  const Outcome again = input(room);
  CHECK(frames_of(again) == frames_of(first));
  CHECK(again.commit->index() == first.commit->index());
}

void play_all(RoomState& room, std::int64_t& now, const std::vector<std::string>& vertices) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const UserId mover = i % 2 == 0 ? alice_id : bob_id;
    REQUIRE(error_code(room.handle(move(mover, vertices[i]), now += 1000)).empty());
  }
}

RoomState room_in_scoring(std::int64_t& now) {
  RoomState room = new_room(setup_9x9());
  play_all(room, now, {"C3", "G7"});
  room.handle(pass(alice_id), now += 1000);
  room.handle(pass(bob_id), now += 1000);
  REQUIRE(room.game().phase() == engine::Phase::scoring);
  return room;
}

}  // namespace

TEST_CASE("a move that captures is taken back whole", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::byoyomi(60'000, 3, 10'000)));
  // White's E5 stone is surrounded by D5, F5, E4; Black E6 takes it.
  play_all(room, now, {"D5", "E5", "F5", "A1", "E4", "A2"});
  now += 1000;
  check_way_back(room, now, [&](RoomState& r) { return r.handle(move(alice_id, "E6"), now); });
  CHECK(room.game().captures(engine::Color::black) == 1);
}

TEST_CASE("the pass that opens scoring is taken back into play", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = new_room(setup_9x9());
  play_all(room, now, {"C3", "G7"});
  room.handle(pass(alice_id), now += 1000);
  now += 1000;
  check_way_back(room, now, [&](RoomState& r) { return r.handle(pass(bob_id), now); });
  CHECK(room.game().phase() == engine::Phase::scoring);
}

TEST_CASE("a resignation is taken back", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::fischer(300'000, 5'000, 1'200'000)));
  play_all(room, now, {"C3", "G7", "E5"});
  now += 1000;
  check_way_back(room, now, [&](RoomState& r) { return r.handle(from(bob_id, req::GameResign{42}), now); });
  CHECK(room.ended());
}

TEST_CASE("an accepted undo gives its moves back", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::absolute(600'000)));
  play_all(room, now, {"C3", "G7", "E5", "D4"});
  SECTION("two moves: the requester's and the reply") {
    room.handle(from(alice_id, req::GameUndo{42}), now += 10);
    now += 10;
    check_way_back(room, now, [&](RoomState& r) { return r.handle(from(bob_id, req::GameUndoAccept{42}), now); });
    CHECK(room.game().moves().size() == 2);
  }
  SECTION("one move") {
    room.handle(from(bob_id, req::GameUndo{42}), now += 10);
    now += 10;
    check_way_back(room, now, [&](RoomState& r) { return r.handle(from(alice_id, req::GameUndoAccept{42}), now); });
    CHECK(room.game().moves().size() == 3);
  }
}

TEST_CASE("a count both players accepted is taken back into scoring", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  room.handle(accept_score(alice_id, room), now += 10);
  now += 10;
  check_way_back(room, now, [&](RoomState& r) { return r.handle(accept_score(bob_id, r), now); });
  CHECK(room.ended());
}

TEST_CASE("a play resumed from scoring goes back to scoring", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = room_in_scoring(now);
  room.handle(from(alice_id, req::GameScoreResume{42}), now += 10);
  REQUIRE(room.game().phase() == engine::Phase::play);
  now += 10;
  // Black moves after White passed last; going back keeps the resume.
  check_way_back(room, now, [&](RoomState& r) { return r.handle(move(alice_id, "E5"), now); });
}

TEST_CASE("a loss on time is taken back", "[room][rollback]") {
  std::int64_t now = t0;
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::absolute(10'000)));
  play_all(room, now, {"C3"});
  const std::int64_t flag = *room.next_deadline();
  check_way_back(room, flag, [&](RoomState& r) { return r.on_timer(flag); });
  CHECK(room.ended());
}
