// yunzi-analyzer's pure parts: the analysis lines of KataGo and Leela Zero,
// and its flags.
#include <catch2/catch.hpp>

#include "tools/yunzi-analyzer/analysis_lines.hpp"
#include "tools/yunzi-analyzer/analyzer_config.hpp"

using namespace yunzi::analyzer;

TEST_CASE("kata-analyze and lz-analyze lines are read candidate by candidate", "[analyzer][units]") {
  const auto kata = parse_analysis_line(
      "info move Q16 visits 12 edgeVisits 12 utility 0.1 winrate 0.48 scoreMean -0.7 scoreStdev 20.1 scoreLead "
      "-0.5 scoreSelfplay -0.9 prior 0.2 lcb 0.4 utilityLcb 0.0 weight 12 order 1 pv Q16 D4 pvVisits 12 7 "
      "info move D4 visits 30 winrate 0.52 scoreLead 0.5 order 0 pv D4 Q16 C3 newKey 7",
      false);
  REQUIRE(kata.size() == 2);
  CHECK(kata[0].move == "D4");  // by order, not by place in the line
  CHECK(kata[0].visits == 30);
  CHECK(kata[0].winrate == Approx(0.52));
  CHECK(kata[0].score == Approx(0.5));
  CHECK(kata[0].line == std::vector<std::string>{"D4", "Q16", "C3"});
  CHECK(kata[1].move == "Q16");
  CHECK(kata[1].score == Approx(-0.5));  // scoreLead over scoreMean
  CHECK(kata[1].line == std::vector<std::string>{"Q16", "D4"});

  const auto leela =
      parse_analysis_line("info move C3 visits 5 winrate 4975 prior 310 lcb 4500 order 0 pv C3 pass", true);
  REQUIRE(leela.size() == 1);
  CHECK(leela[0].winrate == Approx(0.4975));
  CHECK_FALSE(leela[0].score);
  CHECK(leela[0].line == std::vector<std::string>{"C3", "pass"});
  CHECK(parse_analysis_line("", false).empty());
  CHECK(parse_analysis_line("info visits 3", false).empty());  // no move: nothing
}

TEST_CASE("the analyzer's flags", "[analyzer][units]") {
  const auto none = [](const char*) -> const char* { return nullptr; };
  const auto no_stdin = [] { return std::string(); };
  auto config = parse_analyzer_flags({"--name", "reviewer", "--password", "pw", "--level", "3", "--port", "9000"}, none,
                                     no_stdin);
  REQUIRE(config);
  CHECK(config->port == 9000);
  CHECK(config->engine_name == "gnugo");
  CHECK(config->analyst.engine == std::vector<std::string>{"/usr/games/gnugo", "--mode", "gtp", "--level", "3"});
  auto kata = parse_analyzer_flags({"--name", "r", "--password-stdin", "--engine", "/opt/katago gtp -config a.cfg",
                                    "--engine-name", "katago", "--visits", "400"},
                                   none, [] { return std::string("from-stdin"); });
  REQUIRE(kata);
  CHECK(kata->password == "from-stdin");
  CHECK(kata->analyst.engine == std::vector<std::string>{"/opt/katago", "gtp", "-config", "a.cfg"});
  CHECK(kata->analyst.visits == 400);
  const auto env = [](const char* name) -> const char* {
    return std::string(name) == "YUNZI_ANALYZER_PASSWORD" ? "from-env" : nullptr;
  };
  CHECK(parse_analyzer_flags({"--name", "r"}, env, no_stdin)->password == "from-env");
  CHECK_FALSE(parse_analyzer_flags({"--name", "r"}, none, no_stdin));
  CHECK_FALSE(parse_analyzer_flags({"--password", "pw"}, none, no_stdin));
  CHECK_FALSE(parse_analyzer_flags({"--name", "r", "--password", "pw", "--port", "0"}, none, no_stdin));
  CHECK_FALSE(parse_analyzer_flags({"--name", "r", "--password", "pw", "--bogus", "1"}, none, no_stdin));
  CHECK_FALSE(parse_analyzer_flags({"--name", "r", "--password", "pw", "--level"}, none, no_stdin));
}
