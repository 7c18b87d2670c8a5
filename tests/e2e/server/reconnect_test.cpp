// A player's connection drops mid-game: the opponent hears of it, play may
// go on, and the player comes back with resume + game.watch `since` and gets
// exactly the events missed, then live events without a gap or a repeat.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("a dropped player resumes and gets exactly the missed events", "[server][reconnect]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.player("carol");
  const std::int64_t game = start_game(alice, bob);
  carol.watch(game);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob, &carol});
  const std::int64_t since = bob.last_seq(game);
  CHECK(since == 3);

  bob.drop();
  for (Player* p : {&alice, &carol}) {
    const Json gone = p->wait_game_event(game, "game.opponent_gone");
    CHECK(gone["color"] == "white");
    CHECK(gone["deadline_ms"].get<std::int64_t>() > 0);
  }
  alice.ok({{"type", "game.move"}, {"game", game}, {"vertex", "G7"}});
  const Json missed_move = alice.wait_game_event(game, "game.move");
  CHECK(missed_move["vertex"] == "G7");
  CHECK(carol.wait_game_event(game, "game.move") == missed_move);

  bob.connect();
  const Json resumed = bob.resume();
  CHECK(resumed["games"] == Json::array({game}));
  const Json replay = bob.watch(game, since);
  REQUIRE(replay["events"].is_array());
  const auto& events = replay["events"];
  REQUIRE(events.size() >= 2);
  for (std::size_t i = 0; i < events.size(); ++i) {
    INFO("replayed " << events[i].dump());
    CHECK(events[i]["seq"] == since + 1 + static_cast<std::int64_t>(i));
    CHECK(events[i]["game"] == game);
  }
  CHECK(events[0]["type"] == "game.opponent_gone");
  CHECK(events[1] == missed_move);

  for (Player* p : {&alice, &carol}) CHECK(p->wait_game_event(game, "game.opponent_back")["color"] == "white");
  // Exactly what the others were sent meanwhile, frame for frame.
  const auto all = alice.history(game);
  for (const auto& event : events) {
    const auto seq = event["seq"].get<std::int64_t>();
    REQUIRE(seq <= static_cast<std::int64_t>(all.size()));
    CHECK(event == all[static_cast<std::size_t>(seq - 1)]);
  }
  // Play goes on from where it was; White is to move.
  play_moves(alice, bob, game, {"D4"}, {&alice, &bob, &carol}, 4, "white");

  // Bob's history, stitched from before the drop, the replay and live
  // events (the replay may repeat live events: his own games are watched
  // from the resume on), is the game's history exactly.
  CHECK(bob.history(game) == alice.history(game));
  for (Player* p : {&alice, &bob, &carol}) {
    INFO(p->name());
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }
}

TEST_CASE("game.watch since the latest seq, and of an unknown game", "[server][reconnect]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  Player carol = fx.player("carol");
  const Json up_to_date = carol.watch(game, 1);
  CHECK(up_to_date["events"] == Json::array());
  CHECK(carol.fails({{"type", "game.watch"}, {"game", game + 1000}})["code"] == "not_found");
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob, &carol});
  CHECK(carol.seq_errors() == std::vector<std::string>{});
}
