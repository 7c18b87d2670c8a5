// Random games played on yunzi-gtp and GNU Go at once: after every move both
// must hold the same stones and agree on the legality of random points and
// of every point just emptied by a capture (where ko and superko bite).
#include <catch2/catch.hpp>
#include <chrono>
#include <iostream>
#include <random>

#include "tests/e2e/gnugo/gnugo_pair.hpp"

using namespace yunzi;
using namespace yunzi::gnugo_test;
using yunzi::engine::Color;
using yunzi::engine::KoRule;

namespace {

struct Tally {
  int games = 0;
  int moves = 0;
  int legality_checks = 0;
  int refused_moves = 0;
  int emptied_points_refused = 0;  // mostly ko and superko
};

std::string random_vertex(std::mt19937_64& rng, int size) {
  std::uniform_int_distribution<int> coordinate(0, size - 1);
  return yunzi::engine::to_gtp({coordinate(rng), coordinate(rng)}, size);
}

std::string color_word(Color c) { return std::string(yunzi::engine::to_string(c)); }

bool compare_legality(EnginePair& pair, Color color, const std::string& vertex, Tally& tally) {
  ++tally.legality_checks;
  return pair.same_answer("is_legal " + color_word(color) + " " + vertex) == "1";
}

// Plays one random game to two passes or the move cap. Moves come from
// yunzi-gtp's genmove, from random points (which both engines must accept
// or refuse alike) and from occasional passes.
void play_random_game(EnginePair& pair, std::mt19937_64& rng, Tally& tally) {
  std::uniform_real_distribution<double> chance(0, 1);
  const int cap = pair.size * pair.size * 3;
  auto black = pair.stones(Color::black);
  auto white = pair.stones(Color::white);
  Color mover = Color::black;
  int passes = 0;
  for (int turn = 0; turn < cap && passes < 2; ++turn) {
    const double roll = chance(rng);
    std::string move;
    bool gnugo_has_it = false;
    if (roll < 0.03) {
      move = "pass";
      REQUIRE(accepted(pair.yunzi, "play " + color_word(mover) + " pass"));
    } else if (roll < 0.3) {
      // A random point, legal or not: both engines must decide alike.
      const std::string vertex = random_vertex(rng, pair.size);
      const std::string command = "play " + color_word(mover) + " " + vertex;
      const bool ours = accepted(pair.yunzi, command);
      const bool theirs = accepted(pair.gnugo, command);
      INFO(command);
      REQUIRE(ours == theirs);
      if (!ours) {
        ++tally.refused_moves;
        continue;
      }
      move = vertex;
      gnugo_has_it = true;
    } else {
      move = must(pair.yunzi, "genmove " + color_word(mover));
    }
    if (!gnugo_has_it) {
      INFO("GNU Go refused " << color_word(mover) << " " << move);
      REQUIRE(accepted(pair.gnugo, "play " + color_word(mover) + " " + move));
    }
    passes = move == "pass" ? passes + 1 : 0;
    ++tally.moves;

    const auto new_black = pair.stones(Color::black);
    const auto new_white = pair.stones(Color::white);
    // Points a capture just emptied are where ko and superko decide.
    int emptied = 0;
    for (const auto* before : {&black, &white}) {
      const auto& after = before == &black ? new_black : new_white;
      for (const std::string& point : *before) {
        if (after.count(point) != 0 || emptied >= 4) continue;
        ++emptied;
        for (const Color color : {Color::black, Color::white}) {
          if (!compare_legality(pair, color, point, tally)) ++tally.emptied_points_refused;
        }
      }
    }
    for (int sample = 0; sample < 2; ++sample) {
      compare_legality(pair, chance(rng) < 0.5 ? Color::black : Color::white, random_vertex(rng, pair.size), tally);
    }
    black = new_black;
    white = new_white;
    mover = yunzi::engine::opponent(mover);
  }
  ++tally.games;
}

void run_games(KoRule rule, const std::vector<std::pair<int, int>>& sizes_and_games, std::uint64_t seed) {
  if (!gnugo_available()) {
    WARN("GNU Go is not installed at " << gnugo_path());
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  EnginePair pair = start_pair(rule, seed);
  std::mt19937_64 rng(seed);
  Tally tally;
  for (const auto& [size, games] : sizes_and_games) {
    for (int game = 0; game < games; ++game) {
      INFO("size " << size << ", game " << game << ", ko rule " << yunzi::engine::to_string(rule));
      pair.new_game(size);
      play_random_game(pair, rng, tally);
    }
  }
  REQUIRE(pair.yunzi.quit().has_value());
  REQUIRE(pair.gnugo.quit().has_value());
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "gnugo differential (" << yunzi::engine::to_string(rule) << "): " << tally.games << " games, "
            << tally.moves << " moves, " << tally.legality_checks << " is_legal checks, " << tally.refused_moves
            << " refused moves agreed, " << tally.emptied_points_refused << " refusals on points a capture emptied, "
            << seconds << " s\n";
  CHECK(tally.moves > 0);
}

const std::vector<std::pair<int, int>> sizes_and_games{{5, 6}, {7, 4}, {9, 3}, {13, 1}, {19, 1}};

}  // namespace

TEST_CASE("random games agree with GNU Go under simple ko", "[gnugo]") {
  run_games(KoRule::simple, sizes_and_games, 101);
}

TEST_CASE("random games agree with GNU Go under positional superko", "[gnugo]") {
  run_games(KoRule::positional, sizes_and_games, 202);
}

TEST_CASE("random games agree with GNU Go under situational superko", "[gnugo]") {
  run_games(KoRule::situational, sizes_and_games, 303);
}
