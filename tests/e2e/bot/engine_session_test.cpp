// The bot's engine handling against real GNU Go processes: keeping the
// engine in step (handicap, moves, going back), surviving a killed engine,
// a missing program and an engine that never answers, and reading the
// engine's dead stones.
#include <signal.h>
#include <catch2/catch.hpp>

#include "engine/types.hpp"
#include "tests/support/programs.hpp"
#include "tools/yunzi-bot/engine_jobs.hpp"

namespace yunzi::bot {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kGnuGo = {test_support::gnugo_path(), "--mode",  "gtp",
                                         "--chinese-rules",          "--level", "1"};

EnginePicture nine_by_nine(std::vector<std::string> moves, std::vector<std::string> handicap = {}) {
  EnginePicture picture;
  picture.spec.size = 9;
  picture.spec.komi = handicap.empty() ? 7.5 : 0.5;
  picture.spec.handicap = static_cast<int>(handicap.size());
  picture.spec.handicap_stones = std::move(handicap);
  picture.spec.time = {{"system", "byoyomi"}, {"main_s", 60}, {"periods", 3}, {"period_s", 10}};
  std::string color = picture.spec.handicap_stones.empty() ? "black" : "white";
  for (auto& vertex : moves) {
    picture.moves.push_back(PlayedMove{color, vertex});
    color = color == "black" ? "white" : "black";
  }
  return picture;
}

TEST_CASE("the engine is set up with the handicap and answers with a legal move", "[bot][engine]") {
  EngineSession engine(kGnuGo);
  MoveRequest request{nine_by_nine({"E5", "C3"}, {"C7", "G3"}), "white", "time_left white 60 0", 30s, false};
  const EngineAnswer answer = request_move(engine, request);
  REQUIRE(answer.ok);
  CHECK(answer.restarts == 0);
  const auto vertex = engine::parse_gtp(answer.move, 9);
  REQUIRE(vertex.has_value());
  for (const char* taken : {"C7", "G3", "E5", "C3"}) CHECK(answer.move != taken);
  CHECK(engine.engine_name().rfind("GNU Go", 0) == 0);
}

TEST_CASE("a position that went back is replayed from an empty board", "[bot][engine]") {
  EngineSession engine(kGnuGo);
  REQUIRE(engine.sync(nine_by_nine({"E5", "D5", "D4"}), 10s).has_value());
  const pid_t pid = engine.pid();
  // Undo of two moves, then a different move on a point that was taken.
  auto picture = nine_by_nine({"E5", "D4"});
  REQUIRE(engine.sync(picture, 10s).has_value());
  CHECK(engine.pid() == pid);
  // D5 is free again only if the engine really started over.
  picture.moves.push_back(PlayedMove{"white", "D5"});
  CHECK(engine.sync(picture, 10s).has_value());
}

TEST_CASE("a killed engine is restarted from the moves and the move still comes", "[bot][engine]") {
  EngineSession engine(kGnuGo);
  REQUIRE(engine.sync(nine_by_nine({"E5", "C3", "G7"}), 10s).has_value());
  const pid_t first = engine.pid();
  REQUIRE(::kill(first, SIGKILL) == 0);
  const EngineAnswer answer =
      request_move(engine, MoveRequest{nine_by_nine({"E5", "C3", "G7"}), "white", {}, 30s, false});
  REQUIRE(answer.ok);
  CHECK(answer.restarts == 1);
  CHECK(engine.pid() != first);
  CHECK(engine.starts() == 2);
}

TEST_CASE("an engine that cannot start or never answers fails after one restart", "[bot][engine]") {
  SECTION("missing program") {
    EngineSession engine({"/nonexistent/engine"});
    const EngineAnswer answer = request_move(engine, MoveRequest{nine_by_nine({}), "black", {}, 5s, false});
    CHECK_FALSE(answer.ok);
    CHECK(answer.restarts == 1);
    CHECK(answer.error.find("/nonexistent/engine") != std::string::npos);
  }
  SECTION("silent program") {
    EngineSession engine({"/bin/sleep", "30"});
    const auto started = std::chrono::steady_clock::now();
    const EngineAnswer answer = request_move(engine, MoveRequest{nine_by_nine({}), "black", {}, 1s, false});
    CHECK_FALSE(answer.ok);
    CHECK(answer.restarts == 1);
    CHECK(answer.error.find("no response") != std::string::npos);
    CHECK(std::chrono::steady_clock::now() - started < 5s);
    CHECK_FALSE(engine.running());
  }
}

TEST_CASE("the engine's dead stones are read in the final position", "[bot][engine]") {
  std::vector<std::string> moves;
  // Black walls off the D file, White the F file; two white stones sit
  // inside Black's side.
  for (int row = 1; row <= 9; ++row) {
    moves.push_back("D" + std::to_string(row));
    moves.push_back("F" + std::to_string(row));
  }
  moves.push_back("pass");
  moves.push_back("B5");
  moves.push_back("pass");
  moves.push_back("B6");
  EngineSession engine(kGnuGo);
  const EngineAnswer answer = request_dead_stones(engine, nine_by_nine(moves), 30s);
  REQUIRE(answer.ok);
  std::vector<std::string> dead = answer.dead;
  std::sort(dead.begin(), dead.end());
  CHECK(dead == std::vector<std::string>{"B5", "B6"});
}

}  // namespace
}  // namespace yunzi::bot
