// The two things the bot asks of a game's engine, each run off the network
// thread and each surviving one engine failure: on a crash, a hang (the
// timeout kills it), or garbage, the engine is started again from the
// game's moves and asked once more with the time still left; a second
// failure is reported as such. A move that is not there when the clock runs
// out is reported as out of time, not as a failure: the clock decides.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "tools/yunzi-bot/engine_session.hpp"

namespace yunzi::bot {

struct MoveRequest {
  EnginePicture picture;
  std::string color;  // who the engine plays for
  std::optional<std::string> time_left;
  std::chrono::milliseconds timeout{60000};  // for the whole request, retry included
  bool fresh_engine = false;                 // start a new process first (after an illegal move)
  bool timeout_ends_with_clock = false;      // no time is left after `timeout`
};

struct EngineAnswer {
  bool ok = false;
  std::string move;               // "pass", "resign" or a vertex, when ok
  std::vector<std::string> dead;  // for a dead-stone request, when ok
  std::string error;              // what went wrong, when not ok
  int restarts = 0;               // engine restarts this request needed
  bool out_of_time = false;       // not ok: the clock ran out before the move came
};

EngineAnswer request_move(EngineSession& engine, const MoveRequest& request);
EngineAnswer request_dead_stones(EngineSession& engine, const EnginePicture& picture,
                                 std::chrono::milliseconds timeout);

}  // namespace yunzi::bot
