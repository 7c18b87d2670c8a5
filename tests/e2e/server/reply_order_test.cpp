// Replies come in the order their requests arrived, whoever answers them:
// the session itself, the hashing pool, the read pool, the lobby's strand,
// a game room (also after a commit), or the decoder. Requests are sent
// together, before any reply, and the `re` of every reply is read off the
// socket in the order the frames arrive.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("pipelined requests answered by different parts of the server come back in order", "[server][replies]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);

  const std::vector<Json> requests = {
      {{"type", "login"}, {"name", "nobody-here"}, {"password", "not-the-password"}},  // hashing pool: bad_credentials
      {{"type", "ping"}},                                                              // the session
      {{"type", "game.move"}, {"game", game}, {"vertex", "E5"}},                       // the room: committed, ok
      {{"type", "user.info"}, {"name", "bob"}},                                        // the read pool
      {{"type", "lobby.watch"}},                                                       // the lobby's strand
      {{"type", "no.such.type"}},                                                      // the decoder: unknown_type
      {{"type", "game.move"}, {"game", game}, {"vertex", "C3"}},                       // the room: not_your_turn
      {{"type", "game.sgf"}, {"game", game}},                                          // the room's strand
      {{"type", "lobby.unwatch"}},                                                     // the lobby's strand
      {{"type", "ping"}},
  };
  std::vector<std::int64_t> sent;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Json request = requests[i];
    request["id"] = static_cast<std::int64_t>(1000 + i);
    sent.push_back(1000 + static_cast<std::int64_t>(i));
    REQUIRE(alice.ws().send_json(request));
  }

  std::vector<std::int64_t> received;
  std::vector<Json> replies;
  while (received.size() < sent.size()) {
    auto frame = alice.ws().next_event(std::chrono::milliseconds(10'000));
    REQUIRE(frame);
    if (!frame->contains("re")) continue;  // an event
    received.push_back((*frame)["re"].get<std::int64_t>());
    replies.push_back(*frame);
  }
  CHECK(received == sent);
  CHECK(replies[0]["code"] == "bad_credentials");
  CHECK(replies[1]["type"] == "ok");
  CHECK(replies[2]["type"] == "ok");
  CHECK(replies[3]["user"]["name"] == "bob");
  CHECK(replies[4].contains("users_total"));
  CHECK(replies[5]["code"] == "unknown_type");
  CHECK(replies[6]["code"] == "not_your_turn");
  CHECK(replies[7]["sgf"].get<std::string>().find(";B[") != std::string::npos);
  CHECK(replies[8]["type"] == "ok");
  CHECK(replies[9]["type"] == "ok");

  // The game goes on: the committed move reached bob, who answers it.
  bob.wait_game_event(game, "game.move");
  bob.ok({{"type", "game.move"}, {"game", game}, {"vertex", "C3"}});
}
