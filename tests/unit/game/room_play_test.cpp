// Play through the pure room state: a whole 9x9 game to a counted result,
// the errors a move can meet, and the numbered event history.
#include <catch2/catch.hpp>

#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;

namespace {

// Black builds a wall on column E, White on column F; White then drops a
// stone into Black's side that both agree is dead.
void play_walls(RoomState& room, std::int64_t& now) {
  for (int row = 1; row <= 9; ++row) {
    REQUIRE(error_code(room.handle(move(alice_id, "E" + std::to_string(row)), now += 1000)).empty());
    REQUIRE(error_code(room.handle(move(bob_id, "F" + std::to_string(row)), now += 1000)).empty());
  }
}

}  // namespace

TEST_CASE("a new room starts with game.start at seq 1 and the full state, which the log does not keep") {
  RoomState room = new_room(setup_9x9());
  REQUIRE(room.seq() == 1);
  // A watcher from before game.start gets the state; from it, the events after.
  CHECK(room.event_log().empty());
  CHECK_FALSE(room.events_since(0).has_value());
  REQUIRE(room.events_since(1).has_value());
  CHECK(room.events_since(1)->empty());
  const auto start = json_of(room.start_frame(t0));
  CHECK(start["type"] == "game.start");
  CHECK(start["seq"] == 1);
  CHECK(start["size"] == 9);
  CHECK(start["black"]["name"] == "alice");
  CHECK(start["to_move"] == "black");
  CHECK(start["phase"] == "play");
}

TEST_CASE("game.start for a player joining after moves shows the game as it stands, at the last seq") {
  RoomState room = new_room(setup_9x9());
  std::int64_t now = t0;
  REQUIRE(error_code(room.handle(move(alice_id, "C3"), now += 1000)).empty());
  REQUIRE(error_code(room.handle(move(bob_id, "G7"), now += 1000)).empty());
  const auto start = json_of(room.start_frame(now));
  CHECK(start["type"] == "game.start");
  CHECK(start["seq"] == room.seq());
  CHECK(start["seq"] == 3);
  CHECK(start["to_move"] == "black");
  CHECK(start["moves"].size() == 2);
  // The next event follows it without a gap.
  REQUIRE(error_code(room.handle(move(alice_id, "D4"), now += 1000)).empty());
  CHECK(json_of(room.events_since(3)->front())["seq"] == 4);
}

TEST_CASE("a full 9x9 game ends with a counted result after marking and two accepts") {
  RoomState room = new_room(setup_9x9());
  std::int64_t now = t0;
  play_walls(room, now);
  REQUIRE(error_code(room.handle(pass(alice_id), now += 1000)).empty());
  REQUIRE(error_code(room.handle(move(bob_id, "B8"), now += 1000)).empty());
  REQUIRE(error_code(room.handle(pass(alice_id), now += 1000)).empty());
  Outcome second_pass = room.handle(pass(bob_id), now += 1000);
  REQUIRE(types_of(second_pass) == std::vector<std::string>{"game.move", "game.scoring"});
  CHECK(room.game().phase() == engine::Phase::scoring);

  Outcome marked = room.handle(from(alice_id, protocol::req::GameDead{42, {"B8"}, true}), now += 1000);
  REQUIRE(types_of(marked) == std::vector<std::string>{"game.scoring"});
  CHECK(events_of(marked)[0]["dead"] == nlohmann::json::array({"B8"}));

  Outcome first_accept = room.handle(accept_score(alice_id, room), now += 1000);
  CHECK(events_of(first_accept)[0]["accepted"]["black"] == true);
  CHECK_FALSE(first_accept.commit.has_value());

  Outcome counted = room.handle(accept_score(bob_id, room), now += 1000);
  REQUIRE(counted.commit.has_value());
  const auto& end = std::get<EndCommit>(*counted.commit);
  // Black: columns A-E = 45 points; White: F-J = 36; 45 - 36 - 7.5 komi.
  CHECK(to_sgf(end.end.result) == "B+1.5");
  CHECK(to_string(end.end.result.how) == "count");
  CHECK(end.facts.result.winner == engine::Color::black);
  CHECK(end.facts.move_count == 22);
  CHECK(room.ended());

  const Delivery game_end = room.end_committed({});
  const auto end_event = json_of(game_end.frame);
  CHECK(end_event["type"] == "game.end");
  CHECK(end_event["result"] == "B+1.5");
  CHECK(end_event["score"]["black"] == 45.0);
  CHECK(end_event["score"]["white"] == 36.0);
  CHECK(end_event["seq"] == room.seq());
  REQUIRE(room.snapshot(now).result);
  CHECK(to_sgf(*room.snapshot(now).result) == "B+1.5");
  CHECK(room.sgf().find("RE[B+1.5]") != std::string::npos);
}

TEST_CASE("moves are refused with the rule that forbids them") {
  RoomState room = new_room(setup_9x9());
  std::int64_t now = t0;
  SECTION("out of turn") {
    const Outcome out = room.handle(move(bob_id, "C3"), now);
    CHECK(error_code(out) == "not_your_turn");
    CHECK(json_of(out.reply)["message"] == "black is to move");
  }
  SECTION("off the board of this game") {
    const Outcome out = room.handle(move(alice_id, "T19"), now);
    CHECK(error_code(out) == "illegal_move");
    CHECK(json_of(out.reply)["message"].get<std::string>().rfind("off_board", 0) == 0);
  }
  SECTION("on an occupied point") {
    room.handle(move(alice_id, "C3"), now += 10);
    const Outcome out = room.handle(move(bob_id, "C3"), now += 10);
    CHECK(json_of(out.reply)["message"].get<std::string>().rfind("occupied", 0) == 0);
  }
  SECTION("an immediate ko retake") {
    for (const auto& [user, vertex] : std::vector<std::pair<UserId, std::string>>{{alice_id, "C5"},
                                                                                  {bob_id, "D5"},
                                                                                  {alice_id, "D6"},
                                                                                  {bob_id, "E6"},
                                                                                  {alice_id, "D4"},
                                                                                  {bob_id, "E4"},
                                                                                  {alice_id, "J9"},
                                                                                  {bob_id, "F5"}}) {
      REQUIRE(error_code(room.handle(move(user, vertex), now += 10)).empty());
    }
    const Outcome capture = room.handle(move(alice_id, "E5"), now += 10);
    REQUIRE(events_of(capture).at(0)["captured"] == nlohmann::json::array({"D5"}));
    const Outcome retake = room.handle(move(bob_id, "D5"), now += 10);
    CHECK(error_code(retake) == "illegal_move");
    CHECK(json_of(retake.reply)["message"].get<std::string>().rfind("ko:", 0) == 0);
  }
  SECTION("by someone who does not play") { CHECK(error_code(room.handle(move(carol_id, "C3"), now)) == "forbidden"); }
  SECTION("marking dead stones during play") {
    CHECK(error_code(room.handle(from(alice_id, protocol::req::GameDead{42, {"C3"}, true}), now)) == "wrong_phase");
  }
  SECTION("after the game has ended") {
    room.handle(from(bob_id, protocol::req::GameResign{42}), now);
    room.end_committed({});
    CHECK(error_code(room.handle(move(alice_id, "C3"), now)) == "wrong_phase");
  }
  CHECK(room.seq() >= 1);
}

TEST_CASE("a move commits its row with the clock before its event goes out") {
  RoomState room = new_room(setup_9x9(yunzi::TimeControl::byoyomi(60'000, 3, 10'000)));
  const Outcome out = room.handle(move(alice_id, "C3"), t0 + 4000);
  REQUIRE(out.commit.has_value());
  const auto& commit = std::get<MoveCommit>(*out.commit);
  CHECK(commit.move.number == 1);
  CHECK(commit.move.move.vertex == engine::Vertex{2, 6});
  CHECK(commit.move.clock_ms == 56'000);
  CHECK(commit.move.server_ms == t0 + 4000);
  CHECK(commit.clock_state.find("\"seq\":2") != std::string::npos);
  const auto event = events_of(out).at(0);
  CHECK(event["vertex"] == "C3");
  CHECK(event["move_number"] == 1);
  CHECK(event["clock"]["running"] == "white");
  CHECK(out.lobby_changed);
}

TEST_CASE("resignation ends the game at any time, also out of turn") {
  RoomState room = new_room(setup_9x9());
  const Outcome out = room.handle(from(bob_id, protocol::req::GameResign{42}), t0 + 5);
  REQUIRE(out.commit.has_value());
  CHECK(to_sgf(std::get<EndCommit>(*out.commit).end.result) == "B+R");
  CHECK(std::get<EndCommit>(*out.commit).facts.result.how == yunzi::EndReason::resignation);
  CHECK(json_of(room.end_committed({}).frame)["reason"] == "resignation");
}

TEST_CASE("every game event carries the next seq and can be replayed from any point") {
  RoomState room = new_room(setup_9x9());
  std::int64_t now = t0;
  room.handle(move(alice_id, "C3"), now += 10);
  room.handle(move(bob_id, "G7"), now += 10);
  room.player_left(engine::Color::white, now += 10);
  room.player_back(engine::Color::white, now += 10);
  room.handle(pass(alice_id), now += 10);
  room.handle(pass(bob_id), now += 10);
  room.handle(from(alice_id, protocol::req::GameScoreResume{42}), now += 10);
  const auto& log = room.event_log();
  // Every event after game.start (seq 1, which the log does not keep).
  REQUIRE(log.size() == 8);
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(log[i].seq == static_cast<std::int64_t>(i + 2));
    CHECK(json_of(log.frame_of(log[i]))["seq"] == i + 2);
  }
  const auto missed = room.events_since(6);
  REQUIRE(missed.has_value());
  REQUIRE(missed->size() == 3);
  CHECK(json_of(missed->front())["seq"] == 7);
  CHECK(room.events_since(9)->empty());
  CHECK_FALSE(room.events_since(10).has_value());
  CHECK(room.events_since(1)->size() == 8);
  CHECK_FALSE(room.events_since(0).has_value());
}

TEST_CASE("a catch-up gets every event byte for byte as it was broadcast, a capture and the clocks included") {
  RoomState room = new_room(setup_9x9());
  std::int64_t now = t0;
  std::vector<std::string> broadcast;
  auto play = [&](const RoomRequest& request) {
    const Outcome out = room.handle(request, now += 1234);
    REQUIRE(error_code(out).empty());
    for (const auto& delivery : out.events) {
      if (delivery.audience == Audience::everyone) broadcast.push_back(*delivery.frame);
    }
  };
  // White's E5 is surrounded by D5, F5, E4 and E6, and taken by the last.
  for (const auto& [user, vertex] : std::vector<std::pair<UserId, std::string>>{
           {alice_id, "D5"}, {bob_id, "E5"}, {alice_id, "F5"}, {bob_id, "A1"}, {alice_id, "E4"}, {bob_id, "A2"}}) {
    play(move(user, vertex));
  }
  room.player_left(engine::Color::white, now += 10);
  room.player_back(engine::Color::white, now += 10);
  play(move(alice_id, "E6"));
  play(pass(bob_id));
  REQUIRE(nlohmann::json::parse(broadcast[broadcast.size() - 2])["captured"] == nlohmann::json{"E5"});

  const auto caught_up = room.events_since(1);
  REQUIRE(caught_up.has_value());
  std::vector<std::string> logged_moves;
  for (const auto& frame : *caught_up) {
    if (json_of(frame)["type"] == "game.move") logged_moves.push_back(*frame);
  }
  CHECK(logged_moves == broadcast);
}

TEST_CASE("a long game keeps only its last events; an older since gets nothing but the full state") {
  RoomSetup setup = setup_9x9();
  setup.settings.size = 19;
  RoomState room = new_room(setup);
  std::int64_t now = t0;
  // Black fills columns A-H and White columns M-T: no contact, no capture.
  const std::string black_columns = "ABCDEFGH";
  const std::string white_columns = "MNOPQRST";
  for (int i = 0; i < 8 * 19; ++i) {
    const std::string row = std::to_string(i % 19 + 1);
    REQUIRE(error_code(room.handle(move(alice_id, black_columns[i / 19] + row), now += 10)).empty());
    REQUIRE(error_code(room.handle(move(bob_id, white_columns[i / 19] + row), now += 10)).empty());
  }
  const std::int64_t last = room.seq();
  REQUIRE(last > static_cast<std::int64_t>(EventLog::default_capacity) + 1);
  CHECK(room.event_log().size() == EventLog::default_capacity);
  CHECK(room.event_log().front().seq == last - static_cast<std::int64_t>(EventLog::default_capacity) + 1);
  CHECK_FALSE(room.events_since(0).has_value());
  CHECK_FALSE(room.events_since(last - static_cast<std::int64_t>(EventLog::default_capacity) - 1).has_value());
  const auto oldest_held = room.events_since(last - static_cast<std::int64_t>(EventLog::default_capacity));
  REQUIRE(oldest_held.has_value());
  CHECK(oldest_held->size() == EventLog::default_capacity);
  CHECK(json_of(oldest_held->back())["seq"] == last);
}
