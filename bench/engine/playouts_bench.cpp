// Random playouts through Game with the situational superko check on: each
// move is a uniformly chosen start in the list of empty points, scanning on
// to the first legal point that does not fill the mover's single-point eye;
// a player without one passes. A playout ends with two passes or after
// 3 x board area moves.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/game.hpp"

namespace {

using namespace yunzi;
using namespace yunzi::engine;

// xorshift64*: cheap enough not to show up in the profile.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed | 1) {}
  std::uint32_t below(std::uint32_t bound) {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return static_cast<std::uint32_t>(((state_ * 0x2545F4914F6CDD1DULL) >> 32) * bound >> 32);
  }

 private:
  std::uint64_t state_;
};

int random_playout(Game& game, Random& random) {
  const Board& board = game.board();
  const int cap = 3 * board.size() * board.size();
  int moves = 0;
  while (moves < cap && game.phase() == Phase::play) {
    const Color color = game.to_move();
    const int empties = board.empty_count();
    bool played = false;
    const int start = empties > 0 ? static_cast<int>(random.below(static_cast<std::uint32_t>(empties))) : 0;
    for (int k = 0; k < empties && !played; ++k) {
      const int i = start + k < empties ? start + k : start + k - empties;
      const int point = board.empty_point(i);
      if (board.is_single_point_eye(color, point)) continue;
      played = game.play_at(color, point).has_value();
    }
    if (!played) game.pass(color);
    ++moves;
  }
  return moves;
}

void playouts(benchmark::State& state) {
  GameSetup setup;
  setup.size = static_cast<int>(state.range(0));
  setup.ko_rule = KoRule::situational;
  // A playout reaches about 1.4 x the area on 9x9 and 19x19: a set sized for
  // twice the area never grows and stays a quarter full, as a playout
  // engine would keep it.
  setup.expected_positions = static_cast<std::size_t>(2 * setup.size * setup.size);
  Random random(0x5EED);
  std::int64_t moves = 0;
  for (auto _ : state) {
    auto game = Game::create(setup);
    moves += random_playout(*game, random);
    benchmark::DoNotOptimize(game->board().hash());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves_per_playout"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(state.iterations()));
}

}  // namespace

BENCHMARK(playouts)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
