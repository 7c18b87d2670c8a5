// What the rest of the server learns about a game when it ends: who played,
// at which ranks, how it ended and how long it was. The rank rules read these
// inside the end-of-game writer transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game_result.hpp"
#include "db/records.hpp"
#include "engine/types.hpp"
#include "protocol/payloads.hpp"

namespace yunzi::game {

struct GameEndFacts {
  GameId game = 0;
  UserId black_id = 0;
  UserId white_id = 0;
  Rank black_rank;  // the ranks the game was played at
  Rank white_rank;
  bool rated = false;
  int size = 19;
  int handicap = 0;
  double komi = 0;
  GameResult result;   // result.winner is none for a draw and a void game
  int move_count = 0;  // moves played, passes included, handicap stones not
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;
};

}  // namespace yunzi::game
