#include <catch2/catch.hpp>

#include <vector>

#include "server/node/lobby_game_messages.hpp"

using namespace yunzi;
using node::LobbyGamePacer;

namespace {

LobbyGamePacer::Entry entry_of(GameId game, int move_number) {
  protocol::LobbyGame entry;
  entry.game = game;
  entry.move_number = move_number;
  return {entry, UserId{game * 10}, UserId{game * 10 + 1}};
}

}  // namespace

TEST_CASE("lobby game messages: the entries held over a second go in messages of at most so many, in order") {
  std::vector<LobbyGamePacer::Entry> entries;
  for (GameId game = 1; game <= 7; ++game) entries.push_back(entry_of(game, static_cast<int>(game) + 100));
  const auto messages = node::games_messages(entries, 3);
  REQUIRE(messages.size() == 3);
  std::vector<std::size_t> sizes;
  std::vector<GameId> games;
  for (const auto& message : messages) {
    CHECK(message["type"] == "games");
    sizes.push_back(message["games"].size());
    for (const auto& item : message["games"]) {
      const auto read = node::read_game_item(item);
      REQUIRE(read);
      CHECK(read->entry.move_number == read->entry.game + 100);
      CHECK(read->black == read->entry.game * 10);
      CHECK(read->white == read->entry.game * 10 + 1);
      games.push_back(read->entry.game);
    }
  }
  CHECK(sizes == std::vector<std::size_t>{3, 3, 1});
  CHECK(games == std::vector<GameId>{1, 2, 3, 4, 5, 6, 7});
  CHECK(node::games_messages({}).empty());
  CHECK(node::games_messages(entries).size() == 1);
}

TEST_CASE("lobby game messages: an item missing a part, or of the wrong type, is not read") {
  const auto item = node::game_item(entry_of(4, 12));
  REQUIRE(node::read_game_item(item));
  for (const char* key : {"game", "black", "white"}) {
    INFO(key);
    auto broken = item;
    broken.erase(key);
    CHECK_FALSE(node::read_game_item(broken));
    broken = item;
    broken[key] = "four";
    CHECK_FALSE(node::read_game_item(broken));
  }
  CHECK_FALSE(node::read_game_item(nlohmann::json::array({item})));
  CHECK_FALSE(node::read_game_item(nullptr));
}
