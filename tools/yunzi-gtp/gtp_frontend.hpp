// GtpFrontend: the yunzi engine as a GTP version 2 engine. It reads commands
// from a stream and writes responses to another (stdin/stdout in yunzi-gtp,
// strings in tests). Any colour may play at any time, as GTP wants; play
// goes on after two passes. Commands: see list_commands or tools/GTP.md.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "tools/yunzi-gtp/gtp_args.hpp"
#include "tsumego/life_and_death.hpp"

namespace yunzi::gtp {

class GtpFrontend {
 public:
  // The seed makes genmove repeatable.
  explicit GtpFrontend(std::uint64_t seed);

  // Answers commands until `quit` or the end of the input.
  void run(std::istream& in, std::ostream& out);
  // The response to one input line, or "" for a line without a command.
  std::string handle_line(std::string_view line);
  bool quit_requested() const { return quit_requested_; }

  const engine::Game& game() const { return game_; }

 private:
  using Reply = Expected<std::string, std::string>;
  using Handler = Reply (GtpFrontend::*)(const Args&);
  struct CommandEntry {
    std::string_view name;
    Handler handler;
  };
  static const CommandEntry* find_command(std::string_view name);
  static const CommandEntry commands_[];

  // Administrative commands and the game setup (gtp_frontend.cpp).
  Reply protocol_version(const Args& args);
  Reply name(const Args& args);
  Reply version(const Args& args);
  Reply known_command(const Args& args);
  Reply list_commands(const Args& args);
  Reply quit(const Args& args);
  Reply boardsize(const Args& args);
  Reply clear_board(const Args& args);
  Reply komi(const Args& args);
  Reply ko_rule(const Args& args);
  Reply fixed_handicap(const Args& args);

  // Moves and what the position shows (gtp_play_commands.cpp).
  Reply play(const Args& args);
  Reply undo(const Args& args);
  Reply genmove(const Args& args);
  Reply is_legal(const Args& args);
  Reply list_stones(const Args& args);
  Reply captures(const Args& args);
  Reply showboard(const Args& args);
  Reply final_score(const Args& args);

  // Game records (gtp_sgf_commands.cpp).
  Reply loadsgf(const Args& args);
  Reply printsgf(const Args& args);

  // Life and death (gtp_life_commands.cpp).
  Reply life_region(const Args& args);
  Reply solve_life(const Args& args);
  Reply life_status(const Args& args);
  // The solver's answer to a question read from `args` (colour, vertex, budget), with the best moves or not.
  Expected<tsumego::LifeAnswer, std::string> ask_solver(const Args& args, std::string_view usage, bool moves_too);
  Reply solve_nodes(const Args& args);

  // A fresh game with the current size, komi and ko rule.
  void reset(int handicap = 0);
  // Plays a stone or a pass for either colour, reopening play after two
  // passes so that GTP controllers can continue.
  Expected<Done, engine::MoveError> apply(engine::Color color, const std::optional<engine::Vertex>& vertex);
  // Replays the moves of the current game under a new setup; fails (leaving
  // the game as it was) when a move is illegal there.
  bool rebuild(const engine::GameSetup& setup);
  engine::GameSetup setup_for(int handicap) const;

  // Declared before game_, which is built from them.
  int size_ = 19;
  double komi_ = 7.5;
  engine::KoRule ko_rule_ = engine::KoRule::situational;
  engine::Game game_;
  std::mt19937_64 rng_;
  bool quit_requested_ = false;
  // Where yunzi-solve_life may play; empty: the stones' rectangle.
  std::vector<engine::Vertex> life_region_;
  std::uint64_t last_solve_nodes_ = 0;
};

}  // namespace yunzi::gtp
