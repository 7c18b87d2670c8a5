#include "tests/unit/ranking_service/rank_fixture.hpp"

#include <catch2/catch.hpp>

#include "server/ranking_service/rank_keeping.hpp"

namespace yunzi::ranking_service_tests {

UserId add_user(db::Stores& stores, const std::string& name, Rank rank) {
  db::NewUser user;
  user.name = name;
  user.name_key = name;
  user.password_hash = "x";
  user.rank = rank;
  auto created = stores.users().create(user);
  REQUIRE(created);
  return created->id;
}

GameId record_game(db::Stores& stores, UserId black, UserId white, Rank black_rank, Rank white_rank,
                   const std::string& result, TimeMs ended_ms) {
  db::NewGame game;
  game.black_id = black;
  game.white_id = white;
  game.black_rank = black_rank;
  game.white_rank = white_rank;
  game.settings.rated = true;
  game.started_ms = ended_ms - 1000;
  auto id = stores.games().create(game);
  REQUIRE(id);
  const auto parsed = parse_sgf_result(result);
  REQUIRE(parsed);
  auto ended = stores.games().end_game(*id, db::GameEnd{*parsed, ended_ms, "{}"}, {});
  REQUIRE(ended);
  return *id;
}

db::DbResult<std::vector<protocol::RankChange>> play(db::Stores& stores, UserId black, UserId white, Rank black_rank,
                                                     Rank white_rank, const std::string& result, TimeMs ended_ms,
                                                     int moves) {
  const GameId id = record_game(stores, black, white, black_rank, white_rank, result, ended_ms);
  game::GameEndFacts facts;
  facts.game = id;
  facts.black_id = black;
  facts.white_id = white;
  facts.black_rank = black_rank;
  facts.white_rank = white_rank;
  facts.rated = true;
  const auto parsed = parse_sgf_result(result);
  REQUIRE(parsed);
  facts.result = *parsed;
  facts.move_count = moves;
  facts.started_ms = ended_ms - 1000;
  facts.ended_ms = ended_ms;
  return ranking_service::rank_on_end(stores, tom, facts);
}

}  // namespace yunzi::ranking_service_tests
