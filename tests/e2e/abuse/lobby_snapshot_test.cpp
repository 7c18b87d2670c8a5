// The lobby.watch snapshot always fits what a client can be sent. Open seeks
// are capped per user and in all, the snapshot lists at most
// `lobby_list_max` users and games (with the totals) and `lobby_chat_history`
// chat lines, and the server refuses
// to start with limits whose largest snapshot would not fit half of the
// outgoing queue. Here: a flood through one connection, a lobby filled to
// lowered limits with the widest entries there are, and limits that cannot fit.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Settings that make a seek as long as the protocol allows.
Json widest_settings() {
  return {{"size", 19},
          {"rated", false},
          {"handicap", 9},
          {"komi", -149.5},
          {"color", "white"},
          {"ko", "positional"},
          {"time", {{"system", "fischer"}, {"main_s", 36000}, {"increment_s", 3600}, {"max_s", 72000}}}};
}

Json wide_seek() { return {{"type", "seek.create"}, {"settings", widest_settings()}}; }

// Sends `total` copies of the request on one connection, at most `window`
// unanswered at a time (the server closes a connection with more than 256
// waiting); the replies.
std::vector<Json> pipelined(client::WsClient& ws, const Json& request, std::size_t total, std::size_t window) {
  std::vector<Json> replies;
  for (std::size_t sent = 0; sent < total; sent += window) {
    std::vector<Json> batch(std::min(window, total - sent), request);
    std::int64_t id = 1'000'000;
    for (Json r : batch) {
      r["id"] = id++;
      REQUIRE(ws.send_json(r));
    }
    std::size_t got = 0;
    while (got < batch.size()) {
      auto frame = ws.next_event(20s);
      REQUIRE(frame);
      if (frame->contains("re")) {
        replies.push_back(std::move(*frame));
        ++got;
      }
    }
  }
  return replies;
}

// The raw text of the lobby.watch reply on a new anonymous connection.
std::string lobby_snapshot_text(std::uint16_t port, std::unique_ptr<client::WsClient>& ws) {
  auto connected = client::WsClient::connect("127.0.0.1", port);
  REQUIRE(connected);
  ws = std::move(*connected);
  REQUIRE(ws->send_json({{"type", "lobby.watch"}, {"id", 1}}));
  auto text = ws->next_text(20s);
  INFO((text ? std::string() : text.error()));
  REQUIRE(text);
  return *text;
}

}  // namespace

TEST_CASE("a seek flood through one connection leaves the lobby watchable", "[abuse][lobby][snapshot]") {
  // Fast enough that only the lobby's own limits can refuse the flood.
  ServerFixture fx(ServerOptions{{"--rate-limit", "10000", "--rate-burst", "100000"}});
  Player flooder = fx.registered(widest_name(1));
  Player idle = fx.registered("idle");
  idle.ok({{"type", "lobby.watch"}});  // then reads nothing while the flood lasts

  // Without a cap these seeks make a snapshot of more than 4 MiB, the send cap.
  const std::vector<Json> replies = pipelined(flooder.ws(), wide_seek(), 14'000, 200);
  CHECK(count_ok(replies) == 3);

  std::unique_ptr<client::WsClient> newcomer;
  const std::string text = lobby_snapshot_text(fx.server.port(), newcomer);
  const Json snapshot = Json::parse(text, nullptr, false);
  INFO(text.substr(0, 200));
  REQUIRE(snapshot.is_object());
  CHECK(snapshot.value("type", "") == "ok");
  CHECK(snapshot["seeks"].size() == 3);
  CHECK(newcomer->is_open());

  // The watcher that did not read is still there and hears what comes next.
  Player other = fx.registered("other");
  other.ok(wide_seek());
  idle.wait_event("lobby.seek", [](const Json& e) { return e["seek"]["from"]["name"] == "other"; });
  CHECK(idle.ws().is_open());
}

TEST_CASE("a lobby filled to its limits with the widest entries still fits one snapshot", "[abuse][lobby][snapshot]") {
  constexpr std::size_t queue_bytes = 32 * 1024;
  constexpr std::size_t seeks_max = 8;
  constexpr std::size_t list_max = 6;
  constexpr std::size_t chat_history = 4;
  ServerFixture fx(ServerOptions{{"--outgoing-queue-bytes", std::to_string(queue_bytes), "--lobby-seeks-max",
                                  std::to_string(seeks_max), "--lobby-list-max", std::to_string(list_max),
                                  "--lobby-chat-history", std::to_string(chat_history), "--seeks-per-user", "2"}});
  std::vector<Player> players;
  for (std::size_t i = 0; i < 8; ++i) players.push_back(fx.registered(widest_name(i)));

  // Seeks up to the lobby's cap; one more is refused for the lobby, naming it.
  for (std::size_t i = 0; i < seeks_max / 2; ++i) {
    players[i].ok(wide_seek());
    players[i].ok(wide_seek());
  }
  const Json full = players[seeks_max / 2].fails(wide_seek());
  CHECK(full["code"] == "limit_reached");
  CHECK(full["message"].get<std::string>().find(std::to_string(seeks_max)) != std::string::npos);

  // More games in progress than a snapshot lists.
  const std::vector<std::pair<int, int>> pairs{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}};
  for (auto [black, white] : pairs) start_game(players[black], players[white], friendly_settings());

  // Lobby chat lines of the longest text there is, more than the lobby keeps.
  std::string widest_text;
  for (int i = 0; i < 300; ++i) widest_text += "\xF0\xA0\x80\x80";
  for (std::size_t i = 0; i <= chat_history; ++i) players[i].ok({{"type", "lobby.chat"}, {"text", widest_text}});

  std::unique_ptr<client::WsClient> watcher;
  const std::string text = lobby_snapshot_text(fx.server.port(), watcher);
  CHECK(text.size() <= queue_bytes / 2);
  const Json snapshot = Json::parse(text, nullptr, false);
  REQUIRE(snapshot.is_object());
  INFO(text.substr(0, 300));
  CHECK(snapshot.value("type", "") == "ok");
  CHECK(snapshot["seeks"].size() == seeks_max);
  CHECK(snapshot["users"].size() == list_max);
  CHECK(snapshot.value("users_total", std::size_t{0}) == players.size());
  CHECK(snapshot["games"].size() == list_max);
  CHECK(snapshot.value("games_total", std::size_t{0}) == pairs.size());
  CHECK(snapshot["chat"].size() == chat_history);

  // The stream goes on: a cancelled seek is heard.
  const std::int64_t seek = snapshot["seeks"][0]["id"].get<std::int64_t>();
  for (Player& p : players) {
    const Json reply = p.call({{"type", "seek.cancel"}, {"seek", seek}});
    if (reply.value("type", "") == "ok") break;
  }
  auto removed = watcher->wait_for_event("lobby.seek_removed", 10s);
  REQUIRE(removed);
  CHECK((*removed)["seek"] == seek);
}

TEST_CASE("lobby limits whose largest snapshot cannot be sent stop the server at start", "[abuse][lobby][snapshot]") {
  test_support::TempDir dir;
  ServerProcess server(dir.path(), ServerOptions{{"--outgoing-queue-bytes", "65536"}});
  auto started = server.start();
  REQUIRE_FALSE(started);
  CHECK(started.error().find("exit code 2") != std::string::npos);
  CHECK(server.log_text().find("outgoing_queue_bytes") != std::string::npos);
}
