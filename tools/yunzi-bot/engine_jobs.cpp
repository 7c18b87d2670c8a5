#include "tools/yunzi-bot/engine_jobs.hpp"

#include <spdlog/spdlog.h>

#include "engine/types.hpp"

namespace yunzi::bot {

namespace {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

// The least wait worth trying: an engine that cannot answer in this long
// after a restart is not going to save the clock.
constexpr Millis kFloor{500};

Millis left_until(Clock::time_point deadline) {
  return std::max(kFloor, std::chrono::duration_cast<Millis>(deadline - Clock::now()));
}

bool well_formed(const std::string& move, int size) {
  return move == "pass" || move == "resign" || engine::parse_gtp(move, size).has_value();
}

// Runs attempt() up to twice; before the second try the engine is stopped so
// the attempt starts a new process and replays the game into it. When
// `clock_ran_out` says so after a failure there is no time for a second try.
template <class Attempt, class ClockRanOut>
EngineAnswer with_one_restart(EngineSession& engine, const char* what, Attempt&& attempt, ClockRanOut&& clock_ran_out) {
  EngineAnswer answer;
  for (int round = 0; round < 2; ++round) {
    std::string error;
    if (attempt(answer, error)) {
      answer.ok = true;
      return answer;
    }
    answer.error = error;
    if (clock_ran_out()) {
      spdlog::warn("engine gave no answer during {} before the clock ran out: {}", what, error);
      engine.stop();
      answer.out_of_time = true;
      return answer;
    }
    spdlog::warn("engine failed during {}: {}{}", what, error, round == 0 ? "; restarting it" : "; giving up");
    engine.stop();
    if (round == 0) ++answer.restarts;
  }
  return answer;
}

}  // namespace

EngineAnswer request_move(EngineSession& engine, const MoveRequest& request) {
  const auto deadline = Clock::now() + request.timeout;
  if (request.fresh_engine) engine.stop();
  return with_one_restart(
      engine, "genmove",
      [&](EngineAnswer& answer, std::string& error) {
        if (auto synced = engine.sync(request.picture, left_until(deadline)); !synced) {
          error = synced.error().message;
          return false;
        }
        auto move = engine.genmove(request.color, request.time_left, left_until(deadline));
        if (!move) {
          error = std::string(gtp::to_string(move.error().kind)) + ": " + move.error().message;
          return false;
        }
        if (!well_formed(*move, request.picture.spec.size)) {
          error = "the engine answered '" + *move + "', not a move";
          return false;
        }
        answer.move = *move;
        return true;
      },
      [&] { return request.timeout_ends_with_clock && Clock::now() >= deadline; });
}

EngineAnswer request_dead_stones(EngineSession& engine, const EnginePicture& picture,
                                 std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  return with_one_restart(
      engine, "final_status_list",
      [&](EngineAnswer& answer, std::string& error) {
        if (auto synced = engine.sync(picture, left_until(deadline)); !synced) {
          error = synced.error().message;
          return false;
        }
        auto dead = engine.dead_stones(left_until(deadline));
        if (!dead) {
          error = std::string(gtp::to_string(dead.error().kind)) + ": " + dead.error().message;
          return false;
        }
        for (const auto& stone : *dead) {
          if (!engine::parse_gtp(stone, picture.spec.size)) {
            error = "the engine listed '" + stone + "' as a dead stone";
            return false;
          }
        }
        answer.dead = std::move(*dead);
        return true;
      },
      [] { return false; });
}

}  // namespace yunzi::bot
