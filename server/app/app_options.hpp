// What the App is built with: the game rules it plans by, the clocks of a
// player gone or of a count, and what one user may hold. yunzi-server's
// settings hold it as it is (server/config/README.md); the defaults are
// theirs. The rank policy is not here: the App is handed it beside these.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/boards/board_limits.hpp"
#include "server/lobby/lobby_limits.hpp"
#include "server/lobby/plan_rules.hpp"

namespace yunzi::app {

struct AppOptions {
  std::chrono::milliseconds disconnect_grace{120'000};
  std::chrono::milliseconds scoring_deadline{180'000};
  lobby::PlanRules plan_rules;          // its rank_gap is the rank policy's: the App sets it
  bool recommendation_approval = true;  // recommendations to 6d wait for an admin
  // What one user may hold.
  lobby::LobbyLimits lobby_limits;
  std::size_t connections_per_user = 8;
  std::size_t reports_per_hour = 10;
  std::size_t lobby_chat_per_minute = 10;      // lobby.chat lines of one user within any minute
  std::size_t messages_per_minute = 20;        // private messages one user may send within any minute
  std::size_t message_partners_per_hour = 10;  // users not answering yet whom one user may start writing to in an hour
  // A player announced to their followers as online is not announced again within this (a reload is no news).
  std::chrono::milliseconds follow_online_quiet{600'000};
  boards::BoardLimits board_limits;
  // The machine's reviews: the engine requests go to (workers claim by it) and what one user may ask.
  std::string analysis_engine = "gnugo";
  int analysis_open_per_user = 3;  // reviews of one user's asking that wait or run at once
  int analyses_per_day = 20;       // new reviews one user may ask for within any day
  int analysis_queue = 500;        // reviews waiting in all
  // The life-and-death problems: the starter library put into an empty one, and the solver's own thread.
  bool problem_library = true;
  std::size_t problem_solver_queue = 16;         // questions waiting for the solver; one more is refused
  std::uint64_t problem_solver_nodes = 300'000;  // positions the solver may visit for one move or hint

  friend bool operator==(const AppOptions&, const AppOptions&) = default;
};

}  // namespace yunzi::app
