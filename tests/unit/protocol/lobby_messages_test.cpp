// The lobby's extensions as the server sends them: every user with its
// status, the snapshot with the chat and the totals beside the lists.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

#include "protocol/lobby_messages.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;

namespace {

json parsed(const Frame& frame) {
  REQUIRE(frame != nullptr);
  return json::parse(*frame);
}

const UserInfo carol{"carol", *Rank::from_index(20), Role::user};

}  // namespace

TEST_CASE("lobby users carry their status", "[protocol][encode]") {
  CHECK(to_json(LobbyUser{carol, UserStatus::watching}) ==
        json{{"name", "carol"}, {"rank", "2d"}, {"role", "user"}, {"status", "watching"}});
  CHECK(to_string(UserStatus::idle) == "idle");
  CHECK(to_string(UserStatus::playing) == "playing");
  CHECK(parsed(lobby_user(LobbyUser{carol, UserStatus::playing})) ==
        json{{"type", "lobby.user"},
             {"user", {{"name", "carol"}, {"rank", "2d"}, {"role", "user"}, {"status", "playing"}}}});
}

TEST_CASE("the lobby snapshot: lists, chat and totals", "[protocol][encode]") {
  LobbySnapshot snapshot;
  snapshot.users.push_back({carol, UserStatus::idle});
  snapshot.seeks.push_back(SeekInfo{11, carol, GameSettings{}});
  snapshot.games.push_back(LobbyGame{42, carol, carol, 19, 0, 7.5, true, 30, 2});
  snapshot.chat.push_back(LobbyChatLine{"carol", "hi", 1'700'000'000'000});
  snapshot.users_total = 5;
  snapshot.games_total = 7;
  const json reply = parsed(reply_lobby_snapshot(3, snapshot));
  CHECK(reply.at("type") == "ok");
  CHECK(reply.at("re") == 3);
  CHECK(reply.at("users") == json::array({to_json(snapshot.users[0])}));
  CHECK(reply.at("seeks") == json::array({to_json(snapshot.seeks[0])}));
  CHECK(reply.at("games") == json::array({to_json(snapshot.games[0])}));
  CHECK(reply.at("chat") == json::array({{{"from", "carol"}, {"text", "hi"}, {"at", 1'700'000'000'000}}}));
  CHECK(reply.at("users_total") == 5);
  CHECK(reply.at("games_total") == 7);

  const json empty = parsed(reply_lobby_snapshot(std::nullopt, LobbySnapshot{}));
  CHECK(empty == json{{"type", "ok"},
                      {"users", json::array()},
                      {"seeks", json::array()},
                      {"games", json::array()},
                      {"chat", json::array()},
                      {"users_total", 0},
                      {"games_total", 0}});
}
