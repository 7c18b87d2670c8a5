// Two GTP engines side by side for differential tests: yunzi-gtp and GNU Go,
// both real child processes driven through GtpProcess, set up with the same
// board size and ko rule, plus helpers that compare their answers.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "tests/support/programs.hpp"
#include "tools/gtp_client/gtp_process.hpp"

namespace yunzi::gnugo_test {

using test_support::gnugo_available;
using test_support::gnugo_path;

// GNU Go's command line for the Chinese rules with this repetition rule.
std::vector<std::string> gnugo_command(engine::KoRule rule, int level = 1);
std::vector<std::string> yunzi_gtp_command(std::uint64_t seed);

// Starts an engine or fails the running test.
gtp::GtpProcess start_engine(const std::vector<std::string>& argv);
// The answer to a command that must succeed, or fails the running test.
std::string must(gtp::GtpProcess& engine, const std::string& command);
// Whether the engine accepted the command ('=') or refused it ('?'); any
// other outcome (death, timeout, garbage) fails the running test.
bool accepted(gtp::GtpProcess& engine, const std::string& command);

// The words of a response as a set (vertex lists in any order, any case).
std::set<std::string> word_set(const std::string& text);

struct EnginePair {
  gtp::GtpProcess yunzi;
  gtp::GtpProcess gnugo;
  int size = 19;

  // Both engines on an empty board of `size`.
  void new_game(int board_size);
  // Sends the same command to both and requires the same answer.
  std::string same_answer(const std::string& command);
  std::set<std::string> stones(engine::Color color);
};

EnginePair start_pair(engine::KoRule rule, std::uint64_t seed);

}  // namespace yunzi::gnugo_test
