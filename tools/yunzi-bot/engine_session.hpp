// One game's GTP engine, kept in step with the game: it remembers what it
// has told the engine (board size, komi, handicap stones, time settings and
// the moves, including the ones the engine generated itself) and on each
// sync() sends only what is new; when the game went back (undo) or the
// engine was restarted, it clears the board and replays the whole game.
// Engine failures come back as GtpError values; after one the engine is
// gone and the next sync() starts a fresh process.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tools/gtp_client/gtp_process.hpp"

namespace yunzi::bot {

struct GameSpec {
  int size = 19;
  double komi = 7.5;
  int handicap = 0;
  std::vector<std::string> handicap_stones;  // GTP vertices, black
  nlohmann::json time;                       // settings.time; null: not told to the engine
  friend bool operator==(const GameSpec&, const GameSpec&) = default;
};

struct PlayedMove {
  std::string color;   // "black" / "white"
  std::string vertex;  // "D4" or "pass"
  friend bool operator==(const PlayedMove&, const PlayedMove&) = default;
};

struct EnginePicture {
  GameSpec spec;
  std::vector<PlayedMove> moves;
};

class EngineSession {
 public:
  using Millis = std::chrono::milliseconds;

  explicit EngineSession(std::vector<std::string> command) : command_(std::move(command)) {}

  // Brings the engine to the picture, starting it first when it is not running.
  Expected<Done, gtp::GtpError> sync(const EnginePicture& picture, Millis timeout);
  // Asks for a move; the answer is "pass", "resign" or an upper-case vertex.
  // A move the engine makes is part of what it knows from then on.
  Expected<std::string, gtp::GtpError> genmove(const std::string& color, const std::optional<std::string>& time_left,
                                               Millis timeout);
  // The stones the engine holds dead in the current position.
  Expected<std::vector<std::string>, gtp::GtpError> dead_stones(Millis timeout);
  // Ends the process now; the next sync() starts a new one.
  void stop();

  bool running() const { return process_ && process_->running(); }
  pid_t pid() const { return running() ? process_->pid() : -1; }
  int starts() const { return starts_; }
  // "GNU Go 3.8", from the engine's own `name` and `version`.
  const std::string& engine_name() const { return name_; }

 private:
  Expected<Done, gtp::GtpError> start(Millis timeout);
  Expected<Done, gtp::GtpError> setup(const GameSpec& spec, Millis timeout);
  Expected<std::string, gtp::GtpError> send(const std::string& command, Millis timeout);

  std::vector<std::string> command_;
  std::optional<gtp::GtpProcess> process_;
  std::optional<GameSpec> spec_sent_;
  std::vector<PlayedMove> moves_sent_;
  std::string name_;
  int starts_ = 0;
};

}  // namespace yunzi::bot
