// The plain HTTP side of the port: /healthz, /metrics (Prometheus text) and
// a game's record as SGF (read back with the engine's SGF reader) and as a
// text diagram.
#include <catch2/catch.hpp>

#include "engine/sgf_record.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi::e2e;

namespace {

yunzi::client::HttpReply get(ServerFixture& fx, const std::string& target) {
  auto reply = yunzi::client::http_get("127.0.0.1", fx.server.port(), target);
  INFO("GET " << target);
  REQUIRE(reply);
  return *reply;
}

std::vector<std::string> sgf_moves(const std::string& sgf) {
  auto read = yunzi::engine::read_sgf_game(sgf);
  INFO(sgf);
  REQUIRE(read);
  std::vector<std::string> moves;
  for (const auto& node : read->record.main_line) {
    if (!node.move) continue;
    moves.push_back(node.move->is_pass() ? "pass" : yunzi::engine::to_gtp(*node.move->vertex, read->record.info.size));
  }
  return moves;
}

}  // namespace

TEST_CASE("healthz and metrics", "[server][http]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  const auto health = get(fx, "/healthz");
  CHECK(health.status == 200);
  const auto metrics = get(fx, "/metrics");
  CHECK(metrics.status == 200);
  CHECK(metrics.content_type.rfind("text/plain", 0) == 0);
  CHECK(metrics.body.find("yunzi_ws_connections_open 1") != std::string::npos);
  CHECK(metrics.body.find("yunzi_http_requests_total") != std::string::npos);
}

TEST_CASE("metrics count the moves played and time each one", "[server][http]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3", "pass"}, {&alice, &bob});
  const std::string body = get(fx, "/metrics").body;
  INFO(body);
  CHECK(body.find("yunzi_move_seconds_count 3\n") != std::string::npos);
  CHECK(body.find("yunzi_move_seconds_bucket{le=\"+Inf\"} 3\n") != std::string::npos);
  CHECK(body.find("# TYPE yunzi_move_seconds histogram") != std::string::npos);
  CHECK(body.find("yunzi_games{phase=\"play\"} 1\n") != std::string::npos);
  CHECK(body.find("yunzi_games{phase=\"scoring\"} 0\n") != std::string::npos);

  // A second pass opens the count.
  play_moves(alice, bob, game, {"pass"}, {&alice, &bob}, 4, "white");
  alice.wait_game_event(game, "game.scoring");
  const std::string counting = get(fx, "/metrics").body;
  INFO(counting);
  CHECK(counting.find("yunzi_games{phase=\"play\"} 0\n") != std::string::npos);
  CHECK(counting.find("yunzi_games{phase=\"scoring\"} 1\n") != std::string::npos);
}

TEST_CASE("a game's SGF and text diagram over HTTP, in progress and ended", "[server][http]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  const std::vector<std::string> moves = {"E5", "C3", "pass", "G7"};
  play_moves(alice, bob, game, moves, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);

  const auto live = get(fx, path + ".sgf");
  CHECK(live.status == 200);
  CHECK(sgf_moves(live.body) == moves);
  auto info = yunzi::engine::read_sgf_game(live.body);
  REQUIRE(info);
  CHECK(info->record.info.size == 9);
  CHECK(info->record.info.komi == 7.5);
  CHECK(info->record.info.black_name == "alice");
  CHECK(info->record.info.white_name == "bob");

  alice.ok({{"type", "game.resign"}, {"game", game}});
  bob.wait_game_event(game, "game.end");
  const auto ended = get(fx, path + ".sgf");
  CHECK(ended.status == 200);
  CHECK(sgf_moves(ended.body) == moves);
  auto final_info = yunzi::engine::read_sgf_game(ended.body);
  REQUIRE(final_info);
  CHECK(final_info->record.info.result == "W+R");
  // The same record through the WebSocket request.
  CHECK(sgf_moves(bob.ok({{"type", "game.sgf"}, {"game", game}})["sgf"].get<std::string>()) == moves);

  const auto diagram = get(fx, path + ".txt");
  CHECK(diagram.status == 200);
  CHECK_FALSE(diagram.body.empty());

  CHECK(get(fx, "/games/987654.sgf").status == 404);
  CHECK(get(fx, "/games/not-a-number.sgf").status >= 400);
}
