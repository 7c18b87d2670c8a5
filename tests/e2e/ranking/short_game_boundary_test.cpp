// "短手数（100手以内）": a rated game of 100 moves or fewer is short, 100
// included, and a pass is a move of the record like any other. A player
// with three short games in the block is on the admins' review list; a
// game of 101 moves does not count towards it.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

const std::vector<std::string> columns_from_left{"A", "B", "C", "D"};
const std::vector<std::string> columns_from_right{"T", "S", "R", "Q"};

// Black fills the board from the left edge and White from the right, so no
// stone is ever captured; `white_passes` of White's first turns are passes.
std::vector<std::string> record_of(int moves, int white_passes = 0) {
  std::vector<std::string> record;
  int black = 0;
  int white = 0;
  const auto point = [](const std::vector<std::string>& columns, int n) {
    return columns[static_cast<std::size_t>(n / 19)] + std::to_string(n % 19 + 1);
  };
  for (int i = 0; i < moves; ++i) {
    if (i % 2 == 0) {
      record.push_back(point(columns_from_left, black++));
    } else if (white_passes > 0) {
      --white_passes;
      record.push_back("pass");
    } else {
      record.push_back(point(columns_from_right, white++));
    }
  }
  return record;
}

Json review(Player& admin) { return admin.ok({{"type", "admin.review"}})["players"]; }

}  // namespace

TEST_CASE("a rated game of exactly 100 moves, passes included, is short; 101 moves is not", "[ranking][e2e]") {
  RankedServer ranked;
  Player quick = ranked.registered("quick", "3k");
  std::vector<Player> rivals;
  for (int i = 0; i < 4; ++i) rivals.push_back(ranked.registered("rival" + std::to_string(i), "3k"));
  Player root = ranked.admin();

  std::vector<std::int64_t> short_games;
  // 100 moves of which 4 are White's passes, then 100 stones.
  short_games.push_back(play_rated_moves_then_resign(quick, rivals[0], quick, record_of(100, 4)).game);
  short_games.push_back(play_rated_moves_then_resign(quick, rivals[1], quick, record_of(100)).game);
  play_rated_moves_then_resign(quick, rivals[2], rivals[2], record_of(101));
  CHECK(review(root) == Json::array());  // two short games: not yet

  short_games.push_back(play_rated_moves_then_resign(rivals[3], quick, quick, record_of(100)).game);
  const Json players = review(root);
  REQUIRE(players.size() == 1);
  CHECK(players[0]["user"]["name"] == "quick");
  CHECK(players[0]["short_games"] == Json(short_games));
}
