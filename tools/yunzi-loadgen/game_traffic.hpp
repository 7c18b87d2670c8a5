// The moves of every game at a fixed rate, the same for yunzi and for the
// baseline: each game ticks every 1/rate seconds (games evenly staggered);
// on a tick the player to move sends a random legal move (the engine's Game
// keeps the position), unless it has not yet received the previous move.
// Arrivals give the latency from a move's send to its arrival at the
// opponent and at each spectator; the opponent's arrival also confirms the
// move into the position.
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "tools/yunzi-loadgen/run_counters.hpp"
#include "tools/yunzi-loadgen/seating.hpp"

namespace yunzi::loadgen {

using SteadyTime = std::chrono::steady_clock::time_point;

class GameTraffic {
 public:
  struct Hooks {
    // Send the move numbered move_number (from 1) for `game` from `mover`.
    std::function<void(int game, Role mover, int move_number, const std::string& vertex)> send_move;
    // No sensible move is left: end this game and begin() a new one.
    std::function<void(int game, Role mover)> game_over;
  };

  GameTraffic(boost::asio::io_context& io, int games, int board_size, double move_rate, std::uint64_t seed,
              RunCounters& counters, Hooks hooks);

  // Starts (or restarts) a game from the empty board; it moves from the next tick.
  void begin(int game);
  // Pauses a game (while it is being replaced) until the next begin().
  void suspend(int game);
  bool active(int game) const { return games_[game].active; }

  void start_ticking();
  void stop_ticking();

  // A move event of `game` reached a connection in role `recipient`.
  void on_move_event(int game, Role recipient, int move_number, std::string_view vertex, SteadyTime arrival);
  // The server refused the move just sent: try again on a later tick.
  void on_move_refused(int game);

 private:
  struct SentMove {
    int move_number = 0;
    SteadyTime at;
  };
  struct GameState {
    std::optional<engine::Game> position;
    bool active = false;
    bool awaiting = false;           // a move is sent and the opponent has not seen it yet
    int moves = 0;                   // moves confirmed so far
    std::array<SentMove, 8> sent{};  // recent sends, by move number modulo 8
  };

  void schedule(int game, SteadyTime at);
  void tick(int game);
  bool confirm(GameState& state, std::string_view vertex);

  boost::asio::io_context& io_;
  int board_size_;
  std::chrono::nanoseconds period_;
  std::mt19937_64 rng_;
  RunCounters& counters_;
  Hooks hooks_;
  std::vector<GameState> games_;
  std::vector<std::unique_ptr<boost::asio::steady_timer>> timers_;
  bool ticking_ = false;
};

}  // namespace yunzi::loadgen
