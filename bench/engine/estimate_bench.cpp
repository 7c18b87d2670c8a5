// The score estimate (dead-stone guess, then the area count) against the
// area count alone with the same dead list given, on 9x9 and 19x19 positions
// from random play: after one move per point of the board (mid-game, many
// weak groups) and at the end of a playout (every empty point an eye).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/board.hpp"
#include "engine/estimate.hpp"
#include "engine/scoring.hpp"

namespace {

using namespace yunzi;
using namespace yunzi::engine;

// Random play that never fills the mover's own single-point eye, for at most
// `moves` moves or until neither side has such a move left.
Board random_position(int size, int moves, std::uint64_t seed) {
  Board board(size);
  std::uint64_t state = seed;
  Color mover = Color::black;
  int passes = 0;
  for (int move = 0; move < moves && passes < 2; ++move) {
    bool played = false;
    const int empties = board.empty_count();
    state = state * 6364136223846793005u + 1442695040888963407u;
    const int start = empties > 0 ? static_cast<int>((state >> 33) % static_cast<std::uint64_t>(empties)) : 0;
    for (int k = 0; k < empties && !played; ++k) {
      const int index = board.empty_point((start + k) % empties);
      if (board.is_single_point_eye(mover, index) || !board.check_at(mover, index)) continue;
      board.play_at(mover, index);
      played = true;
    }
    passes = played ? 0 : passes + 1;
    mover = opponent(mover);
  }
  return board;
}

Board position_for(const benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const bool to_the_end = state.range(1) != 0;
  return random_position(size, to_the_end ? 3 * size * size : size * size, 0x5EED + static_cast<std::uint64_t>(size));
}

// Baseline: what counting costs when the dead stones are already known.
void score_area_with_dead_given(benchmark::State& state) {
  const Board board = position_for(state);
  const auto dead = guess_dead_stones(board);
  for (auto _ : state) {
    auto score = score_area(board, dead, 7.5, 0);
    auto owned = territory(board, dead);
    benchmark::DoNotOptimize(score);
    benchmark::DoNotOptimize(owned);
  }
  state.counters["dead"] = static_cast<double>(dead.size());
}

void estimate(benchmark::State& state) {
  const Board board = position_for(state);
  for (auto _ : state) {
    auto estimated = estimate_score(board, 7.5, 0);
    benchmark::DoNotOptimize(estimated);
  }
  state.counters["dead"] = static_cast<double>(guess_dead_stones(board).size());
}

}  // namespace

// Args: board size, then 0 for mid-game or 1 for the end of a playout.
BENCHMARK(score_area_with_dead_given)
    ->Args({9, 0})
    ->Args({9, 1})
    ->Args({19, 0})
    ->Args({19, 1})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(estimate)->Args({9, 0})->Args({9, 1})->Args({19, 0})->Args({19, 1})->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
