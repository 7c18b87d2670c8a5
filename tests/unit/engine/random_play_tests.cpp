#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

// Recounts chains and liberties with nothing but the public Vertex interface
// and compares with what the board keeps incrementally.
void check_against_recount(const Board& board) {
  const int size = board.size();
  std::set<Vertex> seen;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const Vertex start{x, y};
      const auto color = board.color_at(start);
      if (!color || seen.count(start)) continue;
      std::set<Vertex> chain{start};
      std::set<Vertex> liberties;
      std::vector<Vertex> stack{start};
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        for (Vertex n : {Vertex{v.x - 1, v.y}, Vertex{v.x + 1, v.y}, Vertex{v.x, v.y - 1}, Vertex{v.x, v.y + 1}}) {
          if (!on_board(n, size)) continue;
          const auto around = board.color_at(n);
          if (!around) liberties.insert(n);
          if (around == color && chain.insert(n).second) stack.push_back(n);
        }
      }
      seen.insert(chain.begin(), chain.end());
      REQUIRE(board.liberties(start) == static_cast<int>(liberties.size()));
      REQUIRE(board.chain_size(start) == static_cast<int>(chain.size()));
      REQUIRE(liberties.size() > 0);
      const auto listed = board.chain(start);
      REQUIRE(std::set<Vertex>(listed.begin(), listed.end()) == chain);
    }
  }
}

// Plays one random game and checks the board after every move; returns the
// number of stone moves played.
int play_random_game(int size, KoRule rule, std::mt19937& random, bool full_recount) {
  GameSetup setup;
  setup.size = size;
  setup.ko_rule = rule;
  auto created = Game::create(setup);
  REQUIRE(created.has_value());
  Game& game = *created;
  int stones_played = 0;
  const int move_cap = 3 * size * size;
  for (int move = 0; move < move_cap && game.phase() == Phase::play; ++move) {
    const Color color = game.to_move();
    std::vector<Vertex> candidates;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        if (game.is_legal(color, Vertex{x, y})) candidates.push_back(Vertex{x, y});
      }
    }
    if (candidates.empty() || random() % 50 == 0) {
      REQUIRE(game.pass(color).has_value());
      continue;
    }
    const Vertex v = candidates[random() % candidates.size()];
    const auto predicted = game.board().hash_after(color, v);
    const int stones_before = game.board().stone_count(color) + game.board().stone_count(opponent(color));
    auto captured = game.play(color, v);
    REQUIRE(captured.has_value());
    ++stones_played;
    REQUIRE(game.board().hash() == predicted);
    REQUIRE(game.board().stone_count(Color::black) + game.board().stone_count(Color::white) ==
            stones_before + 1 - static_cast<int>(captured->size()));
    for (Vertex c : *captured) REQUIRE(game.board().at(c) == Cell::empty);
    REQUIRE(game.board().is_consistent());
    if (full_recount) check_against_recount(game.board());
  }
  return stones_played;
}

}  // namespace

TEST_CASE("liberty counts match a recount after every move of random games", "[board][random]") {
  std::mt19937 random(20240611);
  int stones = 0;
  for (int round = 0; round < 40; ++round) {
    stones += play_random_game(5, KoRule::situational, random, true);
    stones += play_random_game(9, round % 2 ? KoRule::positional : KoRule::simple, random, true);
  }
  for (int round = 0; round < 3; ++round) stones += play_random_game(19, KoRule::situational, random, true);
  CHECK(stones > 3000);
}

TEST_CASE("random games on every board size keep the bookkeeping consistent", "[board][random]") {
  std::mt19937 random(7);
  for (int size = min_board_size; size <= max_board_size; ++size) {
    INFO("size " << size);
    play_random_game(size, KoRule::situational, random, size <= 7);
  }
}

TEST_CASE("undo after random games restores the start exactly", "[game][undo][random]") {
  std::mt19937 random(99);
  GameSetup setup;
  setup.size = 9;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  const auto start = game->position_hash();
  std::vector<std::uint64_t> hashes{start};
  for (int move = 0; move < 120 && game->phase() == Phase::play; ++move) {
    const Color color = game->to_move();
    const Vertex v{static_cast<int>(random() % 9), static_cast<int>(random() % 9)};
    if (game->play(color, v).has_value() || game->pass(color).has_value()) hashes.push_back(game->position_hash());
  }
  hashes.pop_back();
  while (!hashes.empty()) {
    REQUIRE(game->undo());
    REQUIRE(game->position_hash() == hashes.back());
    REQUIRE(game->board().is_consistent());
    hashes.pop_back();
  }
  CHECK(game->position_hash() == start);
  CHECK_FALSE(game->undo());
}
