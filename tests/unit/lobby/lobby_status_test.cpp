#include <catch2/catch.hpp>

#include "server/lobby/lobby.hpp"

using namespace yunzi;
using lobby::status_of;
using lobby::UserStatus;

TEST_CASE("lobby status: playing wins over watching") {
  CHECK(status_of(0, 0) == UserStatus::idle);
  CHECK(status_of(0, 2) == UserStatus::watching);
  CHECK(status_of(1, 0) == UserStatus::playing);
  CHECK(status_of(1, 3) == UserStatus::playing);
}

TEST_CASE("lobby users carry their status") {
  const auto json = protocol::to_json(
      protocol::LobbyUser{protocol::UserInfo{"carol", Rank::dan(1), Role::user}, UserStatus::watching});
  CHECK(json.at("name") == "carol");
  CHECK(json.at("rank") == "1d");
  CHECK(json.at("role") == "user");
  CHECK(json.at("status") == "watching");
}
