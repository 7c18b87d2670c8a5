#include <catch2/catch.hpp>

#include "server/ranking/short_games.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
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
  const auto row = GENERATE(Row{Outcome::win, 99, true}, Row{Outcome::win, 100, true}, Row{Outcome::win, 101, false},
                            Row{Outcome::loss, 0, true}, Row{Outcome::draw, 50, true}, Row{Outcome::voided, 10, false},
                            Row{Outcome::loss, 250, false});
  CAPTURE(row.moves);
  const RatedGame g = with_moves(game(1, row.outcome), row.moves);
  CHECK(is_short_game(g) == row.flagged);
  Player player(rank_of("5k"));
  CHECK(player.play(g).short_game == row.flagged);
}
