// Undo with consent in friendly games, and who hears which chat.
#include <catch2/catch.hpp>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;
namespace req = yunzi::protocol::req;

TEST_CASE("undo takes back the requester's last move, and the reply that followed it") {
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::absolute(600'000)));
  std::int64_t now = t0;
  room.handle(move(alice_id, "C3"), now += 1000);
  room.handle(move(bob_id, "G7"), now += 1000);
  SECTION("the requester moved last: one move") {
    room.handle(move(alice_id, "C4"), now += 5000);
    Outcome asked = room.handle(from(alice_id, req::GameUndo{42}), now += 10);
    CHECK(types_of(asked) == std::vector<std::string>{"game.undo_requested"});
    CHECK(events_of(asked)[0]["color"] == "black");
    Outcome done = room.handle(from(bob_id, req::GameUndoAccept{42}), now += 10);
    REQUIRE(done.commit.has_value());
    CHECK(std::get<UndoCommit>(*done.commit).count == 1);
    const auto undone = events_of(done).at(0);
    CHECK(undone["moves_removed"] == 1);
    CHECK(undone["to_move"] == "black");
    // Black's clock goes back to the instant before C4, so the 5 s are not charged.
    CHECK(undone["clock"]["black"]["main_ms"] == 599'000);
    CHECK(room.game().moves().size() == 2);
  }
  SECTION("the opponent replied: two moves") {
    room.handle(from(bob_id, req::GameUndo{42}), now += 10);
    room.handle(move(alice_id, "C4"), now += 10);
    Outcome done = room.handle(from(alice_id, req::GameUndoAccept{42}), now += 10);
    CHECK(events_of(done).at(0)["moves_removed"] == 2);
    CHECK(events_of(done).at(0)["to_move"] == "white");
    CHECK(room.game().moves().size() == 1);
    CHECK(room.snapshot(now).moves.size() == 1);
  }
  SECTION("declined: nothing changes") {
    room.handle(from(bob_id, req::GameUndo{42}), now += 10);
    Outcome declined = room.handle(from(alice_id, req::GameUndoDecline{42}), now += 10);
    CHECK(types_of(declined) == std::vector<std::string>{"game.undo_declined"});
    CHECK(events_of(declined)[0]["color"] == "black");
    CHECK_FALSE(declined.commit.has_value());
    CHECK(room.game().moves().size() == 2);
  }
  SECTION("one request at a time, answered by the opponent only") {
    room.handle(from(bob_id, req::GameUndo{42}), now += 10);
    CHECK(error_code(room.handle(from(bob_id, req::GameUndo{42}), now)) == "conflict");
    CHECK(error_code(room.handle(from(bob_id, req::GameUndoAccept{42}), now)) == "forbidden");
  }
  SECTION("nothing to answer") {
    CHECK(error_code(room.handle(from(alice_id, req::GameUndoAccept{42}), now)) == "conflict");
  }
}

TEST_CASE("undo is refused in rated games and before the requester has moved") {
  RoomState rated = new_room(setup_9x9(yunzi::TimeControl::none(), true));
  rated.handle(move(alice_id, "C3"), t0 + 1);
  CHECK(error_code(rated.handle(from(alice_id, req::GameUndo{42}), t0 + 2)) == "forbidden");
  RoomState fresh = new_room(setup_9x9());
  CHECK(error_code(fresh.handle(from(bob_id, req::GameUndo{42}), t0 + 2)) == "conflict");
}

TEST_CASE("players' chat reaches everyone; spectators' chat stays with the spectators while the game runs") {
  RoomState room = new_room(setup_9x9());
  SECTION("a player") {
    Outcome out = room.handle(from(alice_id, req::GameChat{42, "good luck", std::nullopt}), t0);
    REQUIRE(out.events.size() == 1);
    CHECK(out.events[0].audience == Audience::everyone);
    const auto line = events_of(out)[0];
    CHECK(line["from"] == "alice");
    CHECK(line["channel"] == "players");
    CHECK_FALSE(line.contains("seq"));
    CHECK(room.seq() == 1);
  }
  SECTION("a spectator") {
    Outcome out = room.handle(from(carol_id, req::GameChat{42, "nice tesuji", std::nullopt}), t0);
    REQUIRE(out.events.size() == 1);
    CHECK(out.events[0].audience == Audience::spectators);
    CHECK(events_of(out)[0]["channel"] == "spectators");
    CHECK(error_code(room.handle(from(carol_id, req::GameChat{42, "hi", protocol::ChatChannel::players}), t0)) ==
          "forbidden");
  }
  SECTION("after the end spectators' chat reaches the players too") {
    room.handle(from(alice_id, req::GameResign{42}), t0);
    room.end_committed({});
    Outcome out = room.handle(from(carol_id, req::GameChat{42, "well played", std::nullopt}), t0);
    CHECK(out.events.at(0).audience == Audience::everyone);
  }
  SECTION("muted users, strangers and bad text are refused") {
    RoomRequest muted = from(alice_id, req::GameChat{42, "hello", std::nullopt});
    muted.muted = true;
    CHECK(error_code(room.handle(muted, t0)) == "muted");
    RoomRequest stranger = from(carol_id, req::GameChat{42, "hello", std::nullopt});
    stranger.watching = false;
    CHECK(error_code(room.handle(stranger, t0)) == "forbidden");
    CHECK(error_code(room.handle(from(alice_id, req::GameChat{42, std::string(301, 'a'), std::nullopt}), t0)) ==
          "bad_request");
    CHECK(error_code(room.handle(from(alice_id, req::GameChat{42, "two\nlines", std::nullopt}), t0)) == "bad_request");
  }
}
