// The plain HTTP side of the port: /healthz, /readyz, /livez, /metrics (Prometheus text,
// every family with HELP and TYPE) and a game's record as SGF (read back with
// the engine's SGF reader) and as a text diagram, downloaded side by side and
// by clients that leave before the answer.
#include <catch2/catch.hpp>

#include <future>
#include <map>

#include "engine/sgf_record.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/raw_socket.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
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

TEST_CASE("healthz, readyz, livez and metrics", "[server][http]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  for (const char* check : {"/healthz", "/readyz", "/livez"}) {
    INFO(check);
    const auto health = get(fx, check);
    CHECK(health.status == 200);
    CHECK(health.body == "ok\n");
  }
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

namespace {

// The families of a Prometheus text: name -> its HELP text and TYPE, and
// the sample lines whose family has no TYPE line.
struct Families {
  std::map<std::string, std::string> help;
  std::map<std::string, std::string> type;
  std::vector<std::string> untyped_samples;
};

Families families_of(const std::string& text) {
  Families out;
  std::vector<std::string> samples;
  for (const auto& line : lines_of(text)) {
    if (line.empty()) continue;
    for (const auto& [prefix, into] : {std::pair{std::string("# HELP "), &out.help}, {"# TYPE ", &out.type}}) {
      if (!line.starts_with(prefix)) continue;
      const std::string rest = line.substr(prefix.size());
      const auto space = rest.find(' ');
      (*into)[rest.substr(0, space)] = space == std::string::npos ? "" : rest.substr(space + 1);
    }
    if (!line.starts_with("#")) samples.push_back(line.substr(0, line.find_first_of("{ ")));
  }
  for (const auto& name : samples) {
    if (out.type.contains(name)) continue;
    bool part_of_family = false;
    for (const std::string suffix : {"_bucket", "_sum", "_count"}) {
      if (!name.ends_with(suffix)) continue;
      const auto base = out.type.find(name.substr(0, name.size() - suffix.size()));
      part_of_family =
          part_of_family || (base != out.type.end() && (base->second == "histogram" || base->second == "summary"));
    }
    if (!part_of_family) out.untyped_samples.push_back(name);
  }
  return out;
}

}  // namespace

TEST_CASE("every metric family has a HELP and a TYPE line, and every metric keeps its name and type",
          "[server][http][metrics]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});
  const std::string body = get(fx, "/metrics").body;
  INFO(body);
  const Families families = families_of(body);
  CHECK(families.untyped_samples.empty());
  for (const auto& [name, type] : families.type) {
    INFO(name);
    CHECK(families.help.contains(name));
  }
  for (const auto& [name, help] : families.help) {
    INFO(name);
    CHECK(families.type.contains(name));
    CHECK_FALSE(help.empty());
  }
  const std::map<std::string, std::string> expected = {
      {"yunzi_ws_connections_open", "gauge"},
      {"yunzi_ws_connections_total", "counter"},
      {"yunzi_ws_frames_in_total", "counter"},
      {"yunzi_ws_frames_out_total", "counter"},
      {"yunzi_ws_bytes_in_total", "counter"},
      {"yunzi_ws_bytes_out_total", "counter"},
      {"yunzi_ws_messages_rate_limited_total", "counter"},
      {"yunzi_ws_closed_overflow_total", "counter"},
      {"yunzi_ws_closed_flood_total", "counter"},
      {"yunzi_ws_closed_too_big_total", "counter"},
      {"yunzi_ws_refused_per_address_total", "counter"},
      {"yunzi_ws_closed_idle_total", "counter"},
      {"yunzi_http_requests_total", "counter"},
      {"yunzi_http_bad_framing_total", "counter"},
      {"yunzi_net_accept_failures_total", "counter"},
      {"yunzi_connections", "gauge"},
      {"yunzi_games_in_progress", "gauge"},
      {"yunzi_games", "gauge"},
      {"yunzi_boards_open", "gauge"},
      {"yunzi_errors_total", "counter"},
      {"yunzi_moves_total", "counter"},
      {"yunzi_games_started_total", "counter"},
      {"yunzi_games_taken_over_total", "counter"},
      {"yunzi_games_lost_total", "counter"},
      {"yunzi_move_seconds", "histogram"},
      {"yunzi_db_queue_depth", "gauge"},
      {"yunzi_db_commit_last_seconds", "gauge"},
      {"yunzi_db_commit_max_seconds", "gauge"},
      {"yunzi_db_commit_seconds", "summary"},
      {"yunzi_db_items_committed_total", "counter"},
      {"yunzi_db_items_failed_total", "counter"},
      {"yunzi_db_write_failures_total", "counter"},
      {"yunzi_db_writer_failing", "gauge"},
  };
  CHECK(families.type == expected);
  CHECK(body.find("yunzi_moves_total 1\n") != std::string::npos);
  CHECK(body.find("yunzi_games_started_total 1\n") != std::string::npos);
  CHECK(body.find("yunzi_connections 2\n") != std::string::npos);
  CHECK(body.find("yunzi_errors_total{code=\"illegal_move\"} 0\n") != std::string::npos);
  CHECK(body.find("yunzi_db_commit_seconds_count ") != std::string::npos);
}

TEST_CASE("game records download side by side, each read off the io threads", "[server][http][async]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  const std::vector<std::string> moves = {"E5", "C3", "G7", "D4"};
  play_moves(alice, bob, game, moves, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);
  const std::vector<std::string> targets = {path + ".sgf", path + ".txt?move=2", path + ".svg", "/games/987654.sgf"};
  std::map<std::string, yunzi::client::HttpReply> alone;
  for (const auto& target : targets) alone[target] = get(fx, target);
  CHECK(alone[path + ".sgf"].status == 200);
  CHECK(alone["/games/987654.sgf"].status == 404);

  // Several clients at once, each with several downloads on its own connection.
  constexpr int kClients = 6;
  std::vector<std::future<std::vector<yunzi::client::HttpReply>>> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.push_back(std::async(std::launch::async, [&] {
      std::vector<yunzi::client::HttpReply> replies;
      for (const auto& target : targets) {
        auto reply = yunzi::client::http_get("127.0.0.1", fx.server.port(), target);
        replies.push_back(reply ? *reply : yunzi::client::HttpReply{});
      }
      return replies;
    }));
  }
  for (auto& client : clients) {
    const auto replies = client.get();
    REQUIRE(replies.size() == targets.size());
    for (std::size_t i = 0; i < targets.size(); ++i) {
      INFO(targets[i]);
      CHECK(replies[i].status == alone[targets[i]].status);
      CHECK(replies[i].body == alone[targets[i]].body);
    }
  }
  CHECK(sgf_moves(alone[path + ".sgf"].body) == moves);
}

TEST_CASE("clients that close before their download is read leave the server serving", "[server][http][async]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob});
  const std::string path = "/games/" + std::to_string(game);
  // Each request leaves on the same write: the read is still queued or
  // running when the connection is gone, and its answer meets a closed socket.
  for (int i = 0; i < 20; ++i) {
    auto socket = RawSocket::connect(fx.server.port());
    REQUIRE(socket);
    const std::string target = i % 3 == 0 ? path + ".sgf" : i % 3 == 1 ? path + ".svg" : "/healthz";
    REQUIRE(
        socket->send("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\nGET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n"));
  }
  CHECK(get(fx, "/healthz").status == 200);
  CHECK(sgf_moves(get(fx, path + ".sgf").body) == std::vector<std::string>{"E5", "C3"});
  CHECK(alice.ok({{"type", "game.sgf"}, {"game", game}}).contains("sgf"));
  // ServerFixture's end checks the server stops cleanly (exit code 0).
}
