// One game room's share of a move, without sockets or the database: a
// 19x19 game on byo-yomi played through RoomState::handle, move by move, as
// GameRoom runs it (the state saved before each input that may commit, so a
// failed commit can put it back). The same game without the save is the
// baseline of the same run: the difference is what keeping the way back
// costs per move.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "server/game/room_state.hpp"

namespace {

using namespace yunzi;

constexpr std::int64_t start_ms = 1'700'000'000'000;
constexpr int board_size = 19;
constexpr int game_moves = 250;

game::RoomSetup byo_yomi_game() {
  game::RoomSetup setup;
  setup.game = 1;
  setup.settings.size = board_size;
  setup.settings.time = yunzi::TimeControl{};  // 20 minutes + 3 x 30 s
  setup.black = game::Seat{1, protocol::UserInfo{"black-player", *Rank::from_index(20), Role::user}};
  setup.white = game::Seat{2, protocol::UserInfo{"white-player", *Rank::from_index(20), Role::user}};
  setup.started_ms = start_ms;
  return setup;
}

// A fixed game: points taken in a scrambled order, skipping illegal ones.
std::vector<std::string> scripted_moves() {
  engine::GameSetup setup;
  setup.size = board_size;
  auto game = engine::Game::create(setup).value();
  std::vector<std::string> moves;
  const int area = board_size * board_size;
  for (int step = 0; static_cast<int>(moves.size()) < game_moves && step < 4 * area; ++step) {
    const int index = (step * 97 + 13) % area;
    const engine::Vertex vertex{index % board_size, index / board_size};
    if (game.play(game.to_move(), vertex)) moves.push_back(engine::to_gtp(vertex, board_size));
  }
  return moves;
}

game::RoomRequest move_request(int number, const std::string& vertex) {
  game::RoomRequest request;
  request.user = number % 2 == 0 ? 1 : 2;  // black plays the even indices
  request.user_name = number % 2 == 0 ? "black-player" : "white-player";
  request.watching = true;
  request.request = protocol::req::GameMove{1, protocol::VertexText{vertex}};
  request.id = number + 1;
  return request;
}

void room_moves(benchmark::State& state) {
  const bool save_before_each = state.range(0) != 0;
  const auto setup = byo_yomi_game();
  const auto moves = scripted_moves();
  std::vector<game::RoomRequest> requests;
  for (std::size_t i = 0; i < moves.size(); ++i) requests.push_back(move_request(static_cast<int>(i), moves[i]));
  for (auto _ : state) {
    auto room = game::RoomState::create(setup, start_ms).value();
    std::int64_t now = start_ms;
    for (const auto& request : requests) {
      now += 1500;
      if (save_before_each) {
        auto saved = room.save();
        benchmark::DoNotOptimize(&saved);
      }
      auto out = room.handle(request, now);
      if (!out.commit) state.SkipWithError("a scripted move was refused");
      benchmark::DoNotOptimize(out.events.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(requests.size()));
  state.SetLabel(save_before_each ? "state saved before each move (as GameRoom)" : "no save (baseline)");
}

}  // namespace

BENCHMARK(room_moves)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
