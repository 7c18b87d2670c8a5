#include "tests/e2e/server/rated_games.hpp"

#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"

namespace yunzi::e2e {

Json rated_settings() {
  return {{"size", 19},
          {"rated", true},
          {"handicap", 0},
          {"komi", 7.5},
          {"time", {{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}}},
          {"ko", "situational"}};
}

Json start_rated_game(Player& challenger, Player& opponent) {
  const Json sent = challenger.ok({{"type", "challenge"}, {"to", opponent.name()}, {"settings", rated_settings()}});
  const auto challenge = sent["challenge"]["id"].get<std::int64_t>();
  opponent.wait_event("challenge", [&](const Json& e) { return e["challenge"]["id"] == challenge; });
  const Json accepted = opponent.ok({{"type", "challenge.accept"}, {"challenge", challenge}});
  const auto game = accepted["game"].get<std::int64_t>();
  Json start;
  for (Player* player : {&challenger, &opponent}) {
    start = player->wait_game_event(game, "game.start");
    CHECK(start["rated"] == true);
  }
  return start;
}

namespace {

RatedGame resign_for(Player& challenger, Player& opponent, Player& winner, std::int64_t game) {
  Player& loser = &winner == &challenger ? opponent : challenger;
  loser.ok({{"type", "game.resign"}, {"game", game}});
  RatedGame out{game, winner.wait_game_event(game, "game.end")};
  const Json loser_end = loser.wait_game_event(game, "game.end");
  CHECK(out.end["reason"] == "resignation");
  CHECK(loser_end["result"] == out.end["result"]);
  return out;
}

}  // namespace

RatedGame play_rated_win(Player& challenger, Player& opponent, Player& winner) {
  const Json start = start_rated_game(challenger, opponent);
  return resign_for(challenger, opponent, winner, start["game"].get<std::int64_t>());
}

RatedGame play_rated_moves_then_resign(Player& challenger, Player& opponent, Player& winner,
                                       const std::vector<std::string>& moves) {
  const Json start = start_rated_game(challenger, opponent);
  const auto game = start["game"].get<std::int64_t>();
  const bool challenger_black = start["black"]["name"] == challenger.name();
  Player& black = challenger_black ? challenger : opponent;
  Player& white = challenger_black ? opponent : challenger;
  play_moves(black, white, game, moves, {&black, &white});
  return resign_for(challenger, opponent, winner, game);
}

void check_promotion(const Json& game_end, const std::string& name, const std::string& from, const std::string& to,
                     std::int64_t game) {
  INFO(game_end.dump());
  REQUIRE(game_end["type"] == "game.end");
  REQUIRE(game_end["rank_changes"].size() == 1);
  const Json& change = game_end["rank_changes"][0];
  CHECK(change["name"] == name);
  CHECK(change["from"] == from);
  CHECK(change["to"] == to);
  CHECK(change["reason"] == "promotion");
  CHECK(change["game"] == game);
}

}  // namespace yunzi::e2e
