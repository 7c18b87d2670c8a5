// The game.move frame, sent on every move: written straight into its string
// (the server's path) against the nlohmann tree of the same fields printed by
// make_frame (the generic path, the baseline of the same run). Both give the
// same bytes (tests/unit/protocol/json_text_test.cpp).
#include <benchmark/benchmark.h>

#include "protocol/events.hpp"
#include "tests/support/tree_frames.hpp"

namespace {

using namespace yunzi;

// A mid-game move on byo-yomi that captured two stones.
protocol::MovePlayed sample_move() {
  protocol::MovePlayed move;
  move.color = engine::Color::white;
  move.vertex = engine::Vertex{15, 3};
  move.captured = {engine::Vertex{15, 2}, engine::Vertex{16, 2}};
  move.clock.black = protocol::SideClock{1'134'500, 3, 30'000, std::nullopt};
  move.clock.white = protocol::SideClock{1'180'250, 3, 30'000, std::nullopt};
  move.clock.running = engine::Color::black;
  move.move_number = 87;
  return move;
}

void game_move_frame(benchmark::State& state) {
  const bool direct = state.range(0) != 0;
  const auto move = sample_move();
  std::int64_t seq = 88;
  for (auto _ : state) {
    if (direct) {
      benchmark::DoNotOptimize(protocol::game_move(12345, ++seq, 19, move));
    } else {
      benchmark::DoNotOptimize(test::game_move_through_tree(12345, ++seq, 19, move));
    }
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(direct ? "written directly (server)" : "nlohmann tree + make_frame (baseline)");
}

}  // namespace

BENCHMARK(game_move_frame)->Arg(0)->Arg(1);

BENCHMARK_MAIN();
