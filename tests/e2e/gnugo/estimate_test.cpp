// engine::estimate_score against GNU Go's own count: GNU Go plays 9x9 games
// against itself to two passes (a few random opening moves make each game
// different), then the finished position is counted by both. Our dead-stone
// guess must match GNU Go's `final_status_list dead` on most positions and
// the winner must match `final_score` on nearly all.
#include <catch2/catch.hpp>
#include <chrono>
#include <iostream>
#include <random>

#include "engine/board.hpp"
#include "engine/estimate.hpp"
#include "tests/e2e/gnugo/gnugo_pair.hpp"

using namespace yunzi;
using namespace yunzi::gnugo_test;
using yunzi::engine::Board;
using yunzi::engine::Color;
using yunzi::engine::Vertex;

namespace {

constexpr int board_size = 9;
constexpr double komi = 7;
constexpr int games = 12;
constexpr int random_opening_moves = 4;
// What the guess reliably reaches on these games (see engine/README.md).
constexpr double min_dead_list_agreement = 0.80;
constexpr int max_winner_disagreements = 1;

std::string color_word(Color c) { return std::string(yunzi::engine::to_string(c)); }

// Plays one game on GNU Go to two passes and returns GNU Go's board.
Board play_to_the_end(yunzi::gtp::GtpProcess& gnugo, std::mt19937_64& rng) {
  must(gnugo, "clear_board");
  std::uniform_int_distribution<int> coordinate(0, board_size - 1);
  Color mover = Color::black;
  for (int placed = 0; placed < random_opening_moves;) {
    const Vertex v{coordinate(rng), coordinate(rng)};
    if (!accepted(gnugo, "play " + color_word(mover) + " " + yunzi::engine::to_gtp(v, board_size))) continue;
    ++placed;
    mover = yunzi::engine::opponent(mover);
  }
  int passes = 0;
  for (int turn = 0; turn < board_size * board_size * 3 && passes < 2; ++turn) {
    const std::string move = must(gnugo, "genmove " + color_word(mover));
    passes = (move == "PASS" || move == "pass") ? passes + 1 : 0;
    mover = yunzi::engine::opponent(mover);
  }
  Board board(board_size);
  for (const Color color : {Color::black, Color::white}) {
    for (const std::string& word : word_set(must(gnugo, "list_stones " + color_word(color)))) {
      const auto v = yunzi::engine::parse_gtp(word, board_size);
      REQUIRE(v.has_value());
      REQUIRE(board.add_stone(color, *v).has_value());
    }
  }
  return board;
}

std::set<std::string> gtp_words(const std::vector<Vertex>& vertices) {
  std::set<std::string> words;
  for (const Vertex v : vertices) words.insert(yunzi::engine::to_gtp(v, board_size));
  return words;
}

std::string joined(const std::set<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
  return text.empty() ? "-" : text;
}

}  // namespace

TEST_CASE("the score estimate agrees with GNU Go on finished 9x9 games", "[gnugo][estimate]") {
  if (!gnugo_available()) {
    WARN("GNU Go is not installed at " << gnugo_path());
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  auto gnugo = start_engine(gnugo_command(yunzi::engine::KoRule::positional, 3));
  must(gnugo, "boardsize " + std::to_string(board_size));
  must(gnugo, "komi " + std::to_string(komi));
  std::mt19937_64 rng(2026);
  int same_dead = 0;
  int same_winner = 0;
  int positions_with_dead = 0;
  for (int game = 0; game < games; ++game) {
    must(gnugo, "set_random_seed " + std::to_string(game + 1));
    const Board board = play_to_the_end(gnugo, rng);
    const auto theirs = word_set(must(gnugo, "final_status_list dead"));
    const std::string their_score = must(gnugo, "final_score");
    const auto estimate = yunzi::engine::estimate_score(board, komi, 0);
    const auto ours = gtp_words(estimate.dead);
    if (!theirs.empty()) ++positions_with_dead;
    const bool dead_agrees = ours == theirs;
    const std::string our_score = yunzi::to_sgf(estimate.score.result);
    const bool winner_agrees = our_score.substr(0, 1) == their_score.substr(0, 1);
    same_dead += dead_agrees ? 1 : 0;
    same_winner += winner_agrees ? 1 : 0;
    if (!dead_agrees || !winner_agrees) {
      std::cout << "estimate game " << game << ": GNU Go dead " << joined(theirs) << " (" << their_score << "), ours "
                << joined(ours) << " (" << our_score << ")\n"
                << must(gnugo, "showboard") << "\n";
    }
  }
  REQUIRE(gnugo.quit().has_value());
  const double agreement = static_cast<double>(same_dead) / games;
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "estimate vs GNU Go: dead lists equal on " << same_dead << "/" << games << " positions ("
            << positions_with_dead << " with dead stones by GNU Go), winner equal on " << same_winner << "/" << games
            << ", " << seconds << " s\n";
  CHECK(agreement >= min_dead_list_agreement);
  CHECK(games - same_winner <= max_winner_disagreements);
}
