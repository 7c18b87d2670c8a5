// The rules of play as the server enforces them over the wire: occupied
// points, suicide, ko, points off the board, moves out of turn and moves by
// people who are not playing; each refusal leaves the game as it was.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The message of an illegal_move starts with the reason token, once: the
// sentence after it does not repeat it ("ko: ko: ..." was sent before).
void check_illegal(Player& p, std::int64_t game, const std::string& vertex, const std::string& reason) {
  const Json error = p.fails({{"type", "game.move"}, {"game", game}, {"vertex", vertex}});
  INFO(vertex << " -> " << error.dump());
  CHECK(error["code"] == "illegal_move");
  const std::string message = error["message"].get<std::string>();
  CHECK(message.rfind(reason + ": ", 0) == 0);
  CHECK(message.find(reason + ": ", reason.size()) == std::string::npos);
}

}  // namespace

TEST_CASE("illegal moves, moves out of turn and moves by others are refused", "[server][game]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  const std::int64_t game = start_game(alice, bob);
  carol.watch(game);

  CHECK(bob.fails({{"type", "game.move"}, {"game", game}, {"vertex", "E5"}})["code"] == "not_your_turn");
  CHECK(bob.fails({{"type", "game.pass"}, {"game", game}})["code"] == "not_your_turn");
  CHECK(carol.fails({{"type", "game.move"}, {"game", game}, {"vertex", "E5"}})["code"] == "forbidden");
  CHECK(alice.fails({{"type", "game.move"}, {"game", game + 1000}, {"vertex", "E5"}})["code"] == "not_found");

  // Black surrounds E5 on three sides, White F5; White's E5 is then taken
  // by Black's F5, and White may not retake at once.
  const std::vector<std::string> moves = {"E6", "F6", "D5", "G5", "E4", "F4", "A2", "J9", "B1", "E5", "F5"};
  const auto seen = play_moves(alice, bob, game, moves, {&alice, &bob, &carol});
  CHECK(seen.back()["captured"] == Json::array({"E5"}));
  CHECK(seen.front()["captured"] == Json::array());

  check_illegal(bob, game, "E5", "ko");
  check_illegal(bob, game, "E6", "occupied");
  check_illegal(bob, game, "A1", "suicide");
  check_illegal(bob, game, "J10", "off_board");
  CHECK(alice.fails({{"type", "game.move"}, {"game", game}, {"vertex", "C7"}})["code"] == "not_your_turn");

  // None of the refusals reached anyone or moved the game on.
  play_moves(alice, bob, game, {"C7", "E5"}, {&alice, &bob, &carol}, 12, "white");
  const Json state = fx.player("dave").watch(game)["state"];
  std::vector<std::string> expected_moves = moves;
  expected_moves.push_back("C7");
  expected_moves.push_back("E5");
  CHECK(state["moves"] == Json(expected_moves));
  CHECK(state["captures"] == Json({{"black", 1}, {"white", 0}}));
  CHECK(state["to_move"] == "white");
  for (Player* p : {&alice, &bob, &carol}) {
    INFO(p->name());
    CHECK(p->seq_errors() == std::vector<std::string>{});
    // Exactly one event per accepted move after game.start: refusals made none.
    CHECK(p->last_seq(game) == 1 + static_cast<std::int64_t>(expected_moves.size()));
  }
}
