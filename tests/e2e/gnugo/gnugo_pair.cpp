#include "tests/e2e/gnugo/gnugo_pair.hpp"

#include <catch2/catch.hpp>
#include <cctype>
#include <sstream>

namespace yunzi::gnugo_test {

std::vector<std::string> gnugo_command(engine::KoRule rule, int level) {
  std::vector<std::string> argv{test_support::gnugo_path(), "--mode",  "gtp",
                                "--chinese-rules",          "--level", std::to_string(level)};
  switch (rule) {
    case engine::KoRule::simple: argv.push_back("--simple-ko"); break;
    case engine::KoRule::positional: argv.push_back("--positional-superko"); break;
    case engine::KoRule::situational: argv.push_back("--situational-superko"); break;
  }
  return argv;
}

std::vector<std::string> yunzi_gtp_command(std::uint64_t seed) {
  return {test_support::yunzi_gtp_path(), "--seed", std::to_string(seed)};
}

gtp::GtpProcess start_engine(const std::vector<std::string>& argv) {
  auto engine = gtp::GtpProcess::start(argv);
  if (!engine) FAIL("cannot start " << argv.front() << ": " << engine.error().message);
  return std::move(engine.value());
}

std::string must(gtp::GtpProcess& engine, const std::string& command) {
  auto answer = engine.send(command);
  if (!answer) {
    FAIL("'" << command << "' failed: " << gtp::to_string(answer.error().kind) << ": " << answer.error().message);
  }
  return std::move(answer.value());
}

bool accepted(gtp::GtpProcess& engine, const std::string& command) {
  auto answer = engine.send(command);
  if (answer) return true;
  if (answer.error().kind != gtp::GtpErrorKind::failure) {
    FAIL("'" << command << "' broke the engine: " << gtp::to_string(answer.error().kind) << ": "
             << answer.error().message);
  }
  return false;
}

std::set<std::string> word_set(const std::string& text) {
  std::istringstream words(text);
  std::set<std::string> out;
  for (std::string word; words >> word;) {
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.insert(word);
  }
  return out;
}

void EnginePair::new_game(int board_size) {
  size = board_size;
  const std::string size_command = "boardsize " + std::to_string(board_size);
  must(yunzi, size_command);
  must(gnugo, size_command);
  must(yunzi, "clear_board");
  must(gnugo, "clear_board");
}

std::string EnginePair::same_answer(const std::string& command) {
  const std::string ours = must(yunzi, command);
  const std::string theirs = must(gnugo, command);
  INFO(command);
  REQUIRE(ours == theirs);
  return ours;
}

std::set<std::string> EnginePair::stones(engine::Color color) {
  const std::string command = "list_stones " + std::string(engine::to_string(color));
  const auto ours = word_set(must(yunzi, command));
  const auto theirs = word_set(must(gnugo, command));
  INFO(command);
  REQUIRE(ours == theirs);
  return ours;
}

EnginePair start_pair(engine::KoRule rule, std::uint64_t seed) {
  EnginePair pair{start_engine(yunzi_gtp_command(seed)), start_engine(gnugo_command(rule)), 19};
  must(pair.yunzi, "yunzi-ko_rule " + std::string(engine::to_string(rule)));
  return pair;
}

}  // namespace yunzi::gnugo_test
