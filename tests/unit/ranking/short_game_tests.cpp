#include <catch2/catch.hpp>

#include "server/ranking/short_games.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {
RatedGame with_moves(RatedGame g, int moves) {
  g.move_count = moves;
  return g;
}
}  // namespace

TEST_CASE("a rated game with a result that ends at move 100 or earlier is flagged", "[ranking][short]") {
  struct Row {
    Outcome outcome;
    int moves;
    bool flagged;
  };
  const auto row = GENERATE(Row{Outcome::win, 99, true}, Row{Outcome::win, 100, true}, Row{Outcome::win, 101, false}, Row{Outcome::loss, 0, true},
                            Row{Outcome::draw, 50, true}, Row{Outcome::voided, 10, false},
                            Row{Outcome::loss, 250, false});
  CAPTURE(row.moves);
  const RatedGame g = with_moves(game(1, row.outcome), row.moves);
  CHECK(is_short_game(g) == row.flagged);
  Player player(rank_of("5k"));
  CHECK(player.play(g).short_game == row.flagged);
}

TEST_CASE("players with 3 or more short games in the current block are listed for review", "[ranking][short]") {
  PlayerState three{10, rank_of("5k"), rank_of("5k"),
                    {with_moves(win(1), 40), loss(2), with_moves(loss(3), 99), with_moves(win(4), 12)}};
  PlayerState two{11, rank_of("5k"), rank_of("5k"), {with_moves(win(5), 40), with_moves(loss(6), 99), win(7)}};
  PlayerState annulled_one{12, rank_of("2d"), rank_of("2d"),
                           {with_moves(win(8), 40), with_moves(loss(9), 9), with_moves(win(10), 2)}};
  annulled_one.block_games[1].annulled = true;
  PlayerState four{13, rank_of("2d"), rank_of("2d"),
                   {with_moves(win(11), 1), with_moves(win(12), 1), with_moves(win(13), 1), with_moves(win(14), 1)}};

  const std::vector<PlayerState> players{three, two, annulled_one, four};
  const auto list = review_list(players);
  REQUIRE(list.size() == 2);
  CHECK(list[0].player == 10);
  CHECK(list[0].short_games == std::vector<GameId>{1, 3, 4});
  CHECK(list[1].player == 13);
  CHECK(list[1].short_games.size() == 4);
}

TEST_CASE("a new block leaves the review list", "[ranking][short]") {
  Player player(rank_of("10k"));
  for (GameId id = 1; id <= 3; ++id) player.play(with_moves(win(id), 30));
  CHECK(review_list(std::vector<PlayerState>{player.state()}).size() == 1);
  player.play_script(std::string(7, 'W') + "LL");  // +1 at the 12th game
  REQUIRE(player.state().rank == rank_of("9k"));
  CHECK(review_list(std::vector<PlayerState>{player.state()}).empty());
}
