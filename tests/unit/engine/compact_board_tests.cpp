#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "engine/board.hpp"
#include "engine/game.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

std::set<Vertex> as_set(const std::vector<Vertex>& vertices) { return {vertices.begin(), vertices.end()}; }

// Every answer a board without its chains still gives, compared point by point.
void require_same_stones(const Board& compact, const Board& full) {
  REQUIRE_FALSE(compact.has_chains());
  REQUIRE(compact.hash() == full.hash());
  REQUIRE(compact.ko_shape_point() == full.ko_shape_point());
  REQUIRE(compact.empty_count() == full.empty_count());
  for (Color c : {Color::black, Color::white}) REQUIRE(compact.stone_count(c) == full.stone_count(c));
  for (int y = 0; y < full.size(); ++y) {
    for (int x = 0; x < full.size(); ++x) {
      const Vertex v{x, y};
      REQUIRE(compact.at(v) == full.at(v));
      REQUIRE(as_set(compact.chain(v)) == as_set(full.chain(v)));
    }
  }
}

// Plays random games twice in step: one game as it is, one compacted after
// every move. Every legality answer, capture and position must agree.
int play_in_step(int size, KoRule rule, std::mt19937& random) {
  GameSetup setup;
  setup.size = size;
  setup.ko_rule = rule;
  auto made = Game::create(setup);
  REQUIRE(made.has_value());
  Game full = *made;
  Game compact = *made;
  compact.compact();
  int refusals = 0;
  for (int move = 0; move < 3 * size * size && full.phase() == Phase::play; ++move) {
    const Color color = full.to_move();
    std::vector<Vertex> legal;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const auto expected = full.check(color, Vertex{x, y});
        const auto answered = compact.check(color, Vertex{x, y});
        REQUIRE(answered.has_value() == expected.has_value());
        // The index form, which the playouts use, answers the same.
        const auto at_index = compact.check_at(color, full.board().index_of(Vertex{x, y}));
        REQUIRE(at_index.has_value() == expected.has_value());
        if (!expected) {
          REQUIRE(at_index.error() == expected.error());
          REQUIRE(answered.error() == expected.error());
          if (expected.error() == MoveError::ko || expected.error() == MoveError::superko) ++refusals;
        } else {
          legal.push_back(Vertex{x, y});
        }
      }
    }
    REQUIRE_FALSE(compact.board().has_chains());
    if (legal.empty() || random() % 40 == 0) {
      REQUIRE(full.pass(color).has_value());
      REQUIRE(compact.pass(color).has_value());
    } else {
      const Vertex v = legal[random() % legal.size()];
      const auto taken = full.play(color, v);
      const auto taken_compact = compact.play(color, v);
      REQUIRE(taken.has_value());
      REQUIRE(taken_compact.has_value());
      REQUIRE(*taken_compact == *taken);
      REQUIRE(compact.board().has_chains());
      REQUIRE(compact.board().is_consistent());
    }
    REQUIRE(compact.position_hash() == full.position_hash());
    REQUIRE(compact.captures(Color::black) == full.captures(Color::black));
    REQUIRE(compact.captures(Color::white) == full.captures(Color::white));
    compact.compact();
    require_same_stones(compact.board(), full.board());
  }
  return refusals;
}

}  // namespace

TEST_CASE("a compacted game answers every check and plays every move as the game it was", "[board][compact][random]") {
  std::mt19937 random(20261204);
  int refusals = 0;
  for (int round = 0; round < 12; ++round) {
    refusals += play_in_step(5, round % 2 ? KoRule::situational : KoRule::simple, random);
    refusals += play_in_step(7, KoRule::positional, random);
  }
  play_in_step(19, KoRule::situational, random);
  // The games met kos and repetitions, which the compacted game refused too.
  CHECK(refusals > 5);
}

TEST_CASE("a board rebuilt from its stones has the chains it had", "[board][compact]") {
  Board board(9);
  std::mt19937 random(5);
  for (int i = 0; i < 60; ++i) {
    const Vertex v{static_cast<int>(random() % 9), static_cast<int>(random() % 9)};
    const Color c = i % 2 ? Color::white : Color::black;
    if (board.check(c, v)) board.play(c, v);
  }
  const Board before = board;
  board.drop_chains();
  const Board copied = board;  // a copy of a compacted board stays compact
  REQUIRE_FALSE(copied.has_chains());
  require_same_stones(copied, before);

  board.restore_chains();
  REQUIRE(board.has_chains());
  REQUIRE(board.is_consistent());
  REQUIRE(board.hash() == before.hash());
  REQUIRE(board.empty_count() == before.empty_count());
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 9; ++x) {
      const Vertex v{x, y};
      REQUIRE(board.liberties(v) == before.liberties(v));
      REQUIRE(board.chain_size(v) == before.chain_size(v));
      for (Color c : {Color::black, Color::white}) {
        REQUIRE(board.check(c, v).has_value() == before.check(c, v).has_value());
        if (board.check(c, v)) REQUIRE(board.hash_after(c, v) == before.hash_after(c, v));
      }
    }
  }

  Board assigned(9);
  assigned = copied;  // a full board takes a compacted one's shape
  REQUIRE_FALSE(assigned.has_chains());
  assigned = before;  // and the other way round
  REQUIRE(assigned.has_chains());
  REQUIRE(assigned.is_consistent());
}

TEST_CASE("a compacted game keeps its ko: the immediate retake is refused", "[board][compact][ko]") {
  // Black captures at (2,1) in a ko shape; White may not retake at once.
  GameSetup setup;
  setup.size = 5;
  setup.ko_rule = KoRule::simple;
  setup.setup_stones = {{{1, 0}, Color::black}, {{0, 1}, Color::black}, {{1, 2}, Color::black}, {{2, 0}, Color::white},
                        {{3, 1}, Color::white}, {{2, 2}, Color::white}, {{1, 1}, Color::white}};
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  auto taken = game->play(Color::black, Vertex{2, 1});
  REQUIRE(taken.has_value());
  REQUIRE(*taken == std::vector<Vertex>{Vertex{1, 1}});
  game->compact();
  const auto retake = game->check(Color::white, Vertex{1, 1});
  REQUIRE_FALSE(retake.has_value());
  CHECK(retake.error() == MoveError::ko);
  REQUIRE_FALSE(game->play(Color::white, Vertex{1, 1}).has_value());
  REQUIRE(game->play(Color::white, Vertex{4, 4}).has_value());
  REQUIRE(game->play(Color::black, Vertex{4, 3}).has_value());
  game->compact();
  CHECK(game->check(Color::white, Vertex{1, 1}).has_value());
}
