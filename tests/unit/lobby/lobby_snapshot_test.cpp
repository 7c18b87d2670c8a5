#include <catch2/catch.hpp>

#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_snapshot.hpp"

using namespace yunzi;
using lobby::LobbyLimits;
using lobby::LobbySnapshot;

namespace {

constexpr std::size_t default_queue_bytes = 4 * 1024 * 1024;  // net::NetConfig::send_queue_bytes

// Names as wide as accounts allow: 20 letters of four UTF-8 bytes.
protocol::UserInfo wide_user(int tag) {
  std::string name;
  for (int i = 0; i < 19; ++i) name += "\xF0\xA0\x80\x80";
  name += "\xF0\xA0\x80";
  name += static_cast<char>(0x80 + tag % 64);
  return protocol::UserInfo{name, Rank::kyu(18), Role::admin};
}

yunzi::GameSettings long_settings() {
  yunzi::GameSettings s;
  s.rated = false;
  s.handicap = 9;
  s.komi = -149.5;
  s.color = yunzi::ColorChoice::white;
  s.time = yunzi::TimeControl::fischer(36'000'000, 3'600'000, 72'000'000);
  return s;
}

// A snapshot filled to the limits with long but real entries.
LobbySnapshot full_snapshot(const LobbyLimits& limits) {
  LobbySnapshot s;
  for (std::size_t i = 0; i < limits.list_max; ++i) {
    s.users.push_back(protocol::LobbyUser{wide_user(static_cast<int>(i)), lobby::UserStatus::watching});
  }
  for (std::size_t i = 0; i < limits.seeks_max; ++i) {
    s.seeks.push_back(
        protocol::SeekInfo{9'007'199'254'740'991 - static_cast<std::int64_t>(i), wide_user(1), long_settings()});
  }
  for (std::size_t i = 0; i < limits.list_max; ++i) {
    protocol::LobbyGame g;
    g.game = 9'007'199'254'740'991 - static_cast<std::int64_t>(i);
    g.black = wide_user(2);
    g.white = wide_user(3);
    g.handicap = 9;
    g.komi = -149.5;
    g.move_number = 100000;
    g.spectators = 100000;
    g.anonymous_spectators = 100000;
    s.games.push_back(g);
  }
  // Chat lines of 300 four-byte characters, the longest a line may be.
  std::string text;
  for (int i = 0; i < 300; ++i) text += "\xF0\xA0\x80\x80";
  for (std::size_t i = 0; i < limits.chat_history; ++i) {
    s.chat.push_back(protocol::LobbyChatLine{wide_user(4).name, text, 1'700'000'000'000});
  }
  s.users_total = 1'000'000;
  s.games_total = 1'000'000;
  return s;
}

}  // namespace

TEST_CASE("lobby snapshot: the reply lists, and the totals beside them") {
  LobbySnapshot s;
  s.users.push_back(protocol::LobbyUser{wide_user(0), lobby::UserStatus::idle});
  s.users_total = 5;
  s.games_total = 7;
  const auto json = nlohmann::json::parse(*protocol::reply_lobby_snapshot(3, s));
  CHECK(json.at("type") == "ok");
  CHECK(json.at("re") == 3);
  CHECK(json.at("users").size() == 1);
  CHECK(json.at("seeks").empty());
  CHECK(json.at("games").empty());
  CHECK(json.at("chat").empty());
  CHECK(json.at("users_total") == 5);
  CHECK(json.at("games_total") == 7);
}

TEST_CASE("lobby snapshot: the largest size is never below a snapshot filled with long entries") {
  for (const LobbyLimits limits : {LobbyLimits{}, LobbyLimits{3, 5, 10, 8, 6, 4}, LobbyLimits{3, 5, 10, 0, 0, 0},
                                   LobbyLimits{3, 5, 10, 1, 1, 1}, LobbyLimits{3, 5, 10, 1, 1, 1000}}) {
    const std::size_t actual = protocol::reply_lobby_snapshot(-9'007'199'254'740'991, full_snapshot(limits))->size();
    INFO("seeks_max " << limits.seeks_max << " list_max " << limits.list_max << " chat_history "
                      << limits.chat_history);
    CHECK(actual <= lobby::largest_snapshot_bytes(limits));
    // And not wildly above it either: the bound is what decides the settings.
    CHECK(lobby::largest_snapshot_bytes(limits) < actual + actual / 4 + 512);
  }
}

TEST_CASE("lobby snapshot: the defaults fit half of the default send queue") {
  CHECK(lobby::largest_snapshot_bytes(LobbyLimits{}) <= default_queue_bytes / 2);
  CHECK(lobby::check_snapshot_fits(LobbyLimits{}, default_queue_bytes));
}

TEST_CASE("lobby snapshot: the chat history counts in the bound") {
  LobbyLimits without_chat;
  without_chat.chat_history = 0;
  LobbyLimits with_chat;
  with_chat.chat_history = 100;
  // 100 lines of at least 1200 bytes of text each.
  CHECK(lobby::largest_snapshot_bytes(with_chat) >= lobby::largest_snapshot_bytes(without_chat) + 100 * 1200);
  LobbyLimits chatty;
  chatty.chat_history = 10'000;
  CHECK_FALSE(lobby::check_snapshot_fits(chatty, default_queue_bytes));
}

TEST_CASE("lobby snapshot: limits that cannot fit are refused with the numbers") {
  LobbyLimits big;
  big.list_max = 20'000;
  auto refused = lobby::check_snapshot_fits(big, default_queue_bytes);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("lobby_list_max 20000") != std::string::npos);
  CHECK(refused.error().find("outgoing_queue_bytes (4194304)") != std::string::npos);
  CHECK(refused.error().find("lobby_chat_history 100") != std::string::npos);
  const std::size_t needed = lobby::largest_snapshot_bytes(big);
  CHECK(lobby::check_snapshot_fits(big, 2 * needed));
  CHECK_FALSE(lobby::check_snapshot_fits(big, 2 * needed - 2));
}
