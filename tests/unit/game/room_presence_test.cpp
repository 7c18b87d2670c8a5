// Players leaving and coming back, forfeits, and a game rebuilt after a
// restart (also in scoring, where the count starts again under a new
// marking version).
#include <catch2/catch.hpp>

#include "server/game/clock_codec.hpp"
#include "tests/unit/game/room_test_support.hpp"

using namespace yunzi;
using namespace yunzi::game;
using namespace yunzi::game::testing;

TEST_CASE("a player who leaves has until the deadline to come back") {
  RoomState room = new_room(setup_9x9());
  Outcome gone = room.player_left(engine::Color::white, t0 + 1000);
  const auto event = events_of(gone).at(0);
  CHECK(event["type"] == "game.opponent_gone");
  CHECK(event["color"] == "white");
  CHECK(event["deadline_ms"] == 120'000);
  CHECK(room.next_deadline() == t0 + 121'000);
  SECTION("back in time") {
    Outcome back = room.player_back(engine::Color::white, t0 + 60'000);
    CHECK(types_of(back) == std::vector<std::string>{"game.opponent_back"});
    CHECK_FALSE(room.next_deadline().has_value());
    CHECK(room.player_back(engine::Color::white, t0 + 60'001).events.empty());
  }
  SECTION("not back: forfeit") {
    Outcome forfeit = room.on_timer(t0 + 121'000);
    REQUIRE(forfeit.commit.has_value());
    CHECK(to_sgf(std::get<EndCommit>(*forfeit.commit).end.result) == "B+F");
    CHECK(to_string(std::get<EndCommit>(*forfeit.commit).end.result.how) == "forfeit");
  }
  SECTION("both away at the deadline: no result") {
    room.player_left(engine::Color::black, t0 + 2000);
    Outcome voided = room.on_timer(t0 + 121'000);
    REQUIRE(voided.commit.has_value());
    CHECK(to_sgf(std::get<EndCommit>(*voided.commit).end.result) == "Void");
    CHECK(std::get<EndCommit>(*voided.commit).facts.result.winner == std::nullopt);
  }
}

TEST_CASE("an admin's forfeit makes the player lose at once") {
  RoomState room = new_room(setup_9x9());
  Outcome out = room.forfeit(engine::Color::black, t0 + 5);
  REQUIRE(out.commit.has_value());
  CHECK(to_sgf(std::get<EndCommit>(*out.commit).end.result) == "W+F");
  CHECK(room.forfeit(engine::Color::white, t0 + 6).events.empty());
}

TEST_CASE("a restored game replays its moves and does not charge the time the server was down") {
  const RoomSetup setup = setup_9x9(yunzi::TimeControl::byoyomi(60'000, 3, 10'000));
  RoomState room = new_room(setup);
  const Outcome first = room.handle(move(alice_id, "C3"), t0 + 5'000);
  const Outcome second = room.handle(move(bob_id, "G7"), t0 + 7'000);

  db::GameWithMoves stored;
  stored.game.id = 42;
  stored.game.status = db::GameStatus::playing;
  stored.game.clock_state = std::get<MoveCommit>(*second.commit).clock_state;
  stored.moves = {std::get<MoveCommit>(*first.commit).move, std::get<MoveCommit>(*second.commit).move};

  const std::int64_t restart = t0 + 3'600'000;  // an hour later
  auto restored = RoomState::restore(setup, stored, restart);
  REQUIRE(restored.has_value());
  CHECK(restored->game().moves().size() == 2);
  CHECK(restored->game().to_move() == engine::Color::black);
  const auto clock = restored->snapshot(restart + 1'000).clock;
  CHECK(clock.black.main_ms == 54'000);  // 5 s before, 1 s since the restart
  CHECK(clock.white.main_ms == 58'000);
  CHECK(restored->is_away(engine::Color::black));
  CHECK(restored->is_away(engine::Color::white));
  CHECK(restored->seq() == 3 + restore_seq_gap);
  CHECK_FALSE(restored->events_since(3).has_value());  // too old: the client gets the state
  CHECK(restored->events_since(restored->seq())->empty());
  Outcome back = restored->player_back(engine::Color::black, restart + 2'000);
  CHECK(events_of(back).at(0)["seq"] == restored->seq());

  SECTION("a broken move list is refused") {
    stored.moves[1].move.vertex = engine::Vertex{2, 6};  // on top of C3
    CHECK_FALSE(RoomState::restore(setup, stored, restart).has_value());
  }
}

TEST_CASE("a game restored in scoring counts again under a version above any sent before") {
  const RoomSetup setup = setup_9x9();
  RoomState room = new_room(setup);
  std::int64_t now = t0;
  db::GameWithMoves stored;
  stored.game.id = 42;
  stored.game.status = db::GameStatus::playing;
  for (const RoomRequest& input : {move(alice_id, "C3"), move(bob_id, "G7"), pass(alice_id), pass(bob_id)}) {
    const Outcome out = room.handle(input, now += 1000);
    REQUIRE(out.commit.has_value());
    const auto& commit = std::get<MoveCommit>(*out.commit);
    stored.moves.push_back(commit.move);
    stored.game.clock_state = commit.clock_state;
  }
  REQUIRE(room.in_scoring());
  // Marks are not stored: the restart forgets this one.
  room.handle(from(alice_id, protocol::req::GameDead{42, protocol::VertexText{"G7"}, true}), now += 10);
  const std::int64_t before = room.marking_version();

  auto restored = RoomState::restore(setup, stored, now + 60'000);
  REQUIRE(restored.has_value());
  CHECK(restored->in_scoring());
  CHECK(restored->snapshot(now + 60'000).dead.empty());
  CHECK(restored->marking_version() > before);
  CHECK(restored->marking_version() == restored->seq());  // announced by the reopening's game.scoring
  CHECK(restored->snapshot(now + 60'000).marking_version == restored->marking_version());
  CHECK(error_code(restored->handle(from(alice_id, protocol::req::GameScoreAccept{42, before}), now + 61'000)) ==
        "conflict");
  CHECK(error_code(restored->handle(accept_score(alice_id, *restored), now + 62'000)).empty());
}
