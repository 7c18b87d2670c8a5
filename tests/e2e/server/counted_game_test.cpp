// A whole 9x9 game from a fixed record: play to two passes, both players
// mark the dead stones and accept, and the count matches the rules engine's;
// a spectator sees every event in order, exactly as the players do. Also a
// game that ends by resignation.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

void check_history_clean(Player& p) {
  INFO(p.name());
  CHECK(p.seq_errors() == std::vector<std::string>{});
}

}  // namespace

TEST_CASE("a 9x9 game played to a count, with a spectator who misses nothing", "[server][game]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.player("carol");  // watches without logging in
  const std::int64_t game = start_game(alice, bob);

  const Json watched = carol.watch(game);
  CHECK(watched["state"]["seq"] == 1);
  CHECK(watched["state"]["phase"] == "play");
  CHECK(watched["state"]["size"] == 9);
  CHECK(watched["state"]["black"]["name"] == "alice");

  const CountedRecord& record = counted_record();
  play_moves(alice, bob, game, record.moves, {&alice, &bob, &carol});
  for (Player* p : {&alice, &bob, &carol}) {
    const Json scoring = p->wait_game_event(game, "game.scoring");
    CHECK(scoring["dead"] == Json::array());
    CHECK(scoring["accepted"] == Json({{"black", false}, {"white", false}}));
    // Nothing marked yet: every point of the board is counted once (shared points half to each).
    CHECK(scoring["count"]["black"].get<double>() + scoring["count"]["white"].get<double>() == 81);
    CHECK(scoring["count"]["komi"] == 7.5);
  }
  // Scoring refuses moves.
  CHECK(alice.fails({{"type", "game.move"}, {"game", game}, {"vertex", "A1"}})["code"] == "wrong_phase");
  // A spectator may not mark stones.
  CHECK(carol.fails({{"type", "game.dead"}, {"game", game}, {"vertex", "B5"}, {"dead", true}})["code"] != "");

  alice.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_white_stone}, {"dead", true}});
  for (Player* p : {&alice, &bob, &carol}) {
    CHECK(sorted_vertices(p->wait_game_event(game, "game.scoring")["dead"]) ==
          std::vector<std::string>{record.dead_white_stone});
  }
  bob.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_black_stone}, {"dead", true}});
  Json marking;
  for (Player* p : {&alice, &bob, &carol}) {
    marking = p->wait_game_event(game, "game.scoring");
    CHECK(sorted_vertices(marking["dead"]) ==
          std::vector<std::string>{record.dead_white_stone, record.dead_black_stone});
    // The count of this marking is the one the game ends with.
    CHECK(marking["count"]["black"] == 45);
    CHECK(marking["count"]["white"] == 36);
    CHECK(marking["count"]["komi"] == 7.5);
    CHECK(marking["count"]["result"] == "B+1.5");
    const Json& territory = marking["count"]["territory"];
    CHECK(std::ranges::count(territory["black"], Json(record.dead_white_stone)) == 1);
    CHECK(std::ranges::count(territory["white"], Json(record.dead_black_stone)) == 1);
  }
  // A reloaded page sees the same count in the state.
  const Json counting = fx.player("erin").watch(game)["state"];
  CHECK(counting["phase"] == "scoring");
  CHECK(counting["count"] == marking["count"]);
  // Each acceptance names the marking just seen.
  for (Player* p : {&alice, &bob}) {
    p->ok({{"type", "game.score.accept"}, {"game", game}, {"marking_version", marking["marking_version"]}});
  }

  const std::string expected = engine_result(record, 7.5);
  CHECK(expected == "B+1.5");
  for (Player* p : {&alice, &bob, &carol}) {
    const Json end = p->wait_game_event(game, "game.end");
    INFO(p->name() << " got " << end.dump());
    CHECK(end["result"] == expected);
    CHECK(end["reason"] == "count");
    CHECK(end["score"] == Json({{"black", 45}, {"white", 36}, {"komi", 7.5}}));
    CHECK(end["rank_changes"] == Json::array());
  }

  for (Player* p : {&alice, &bob, &carol}) check_history_clean(*p);
  // The spectator's history from seq 2 on is the players' history, frame for frame.
  const auto& full = alice.history(game);
  REQUIRE(full.size() >= 2);
  CHECK(std::vector<Json>(full.begin() + 1, full.end()) == carol.history(game));
  CHECK(bob.history(game) == full);
  CHECK(full.back()["type"] == "game.end");

  // A move in the finished game is refused and changes nothing.
  const Json late = bob.fails({{"type", "game.move"}, {"game", game}, {"vertex", "A1"}});
  CHECK((late["code"] == "wrong_phase" || late["code"] == "not_found"));
  const Json final_state = fx.player("dave").watch(game)["state"];
  CHECK(final_state["phase"] == "ended");
  CHECK(final_state["result"] == expected);
  CHECK(final_state["moves"] == Json(record.moves));
}

TEST_CASE("a game that ends by resignation", "[server][game]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.player("carol");
  const std::int64_t game = start_game(alice, bob);
  carol.watch(game);
  play_moves(alice, bob, game, {"E5", "C3", "G7"}, {&alice, &bob, &carol});

  // Resigning on the opponent's turn is allowed.
  alice.ok({{"type", "game.resign"}, {"game", game}});
  for (Player* p : {&alice, &bob, &carol}) {
    const Json end = p->wait_game_event(game, "game.end");
    CHECK(end["result"] == "W+R");
    CHECK(end["reason"] == "resignation");
    check_history_clean(*p);
  }
  CHECK(bob.fails({{"type", "game.resign"}, {"game", game}})["code"] != "");
  // Both players are free again: neither has a game in progress.
  Player again = fx.player("alice");
  again.login();
  CHECK(again.resume()["games"] == Json::array());
}

TEST_CASE("a declined challenge, then an accepted one", "[server][game]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const Json sent = alice.ok({{"type", "challenge"}, {"to", "bob"}, {"settings", friendly_settings()}});
  const auto id = sent["challenge"]["id"].get<std::int64_t>();
  CHECK(sent["challenge"]["to"]["name"] == "bob");
  CHECK(sent["challenge"]["settings"]["size"] == 9);
  CHECK(bob.wait_event("challenge")["challenge"]["id"] == id);
  bob.ok({{"type", "challenge.decline"}, {"challenge", id}});
  const Json declined = alice.wait_event("challenge.declined");
  CHECK(declined["challenge"] == id);
  CHECK(declined["by"] == "bob");
  CHECK(bob.fails({{"type", "challenge.accept"}, {"challenge", id}})["code"] == "not_found");
  CHECK(alice.fails({{"type", "challenge"}, {"to", "nobody"}, {"settings", friendly_settings()}})["code"] ==
        "not_found");

  const std::int64_t game = start_game(alice, bob);
  CHECK(alice.resume()["games"] == Json::array({game}));
}
