// yunzi-bot's pure parts: the command line and config file, the choice of
// challenges, the time given to the engine, the greeting, GNU Go's ko flags,
// the marking the game mirror names when it accepts a count.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tools/yunzi-bot/bot.hpp"
#include "tools/yunzi-bot/bot_flags.hpp"
#include "tools/yunzi-bot/challenge_policy.hpp"
#include "tools/yunzi-bot/game_track.hpp"
#include "tools/yunzi-bot/time_budget.hpp"

namespace yunzi::bot {
namespace {

using Json = nlohmann::json;
using namespace std::chrono_literals;

Expected<CommandLine, std::string> parse(std::vector<std::string> args) { return parse_command_line(args); }

TEST_CASE("flags fill the configuration and a file sits below them", "[bot][config]") {
  const auto path = std::filesystem::temp_directory_path() / "yunzi-bot-config-test.json";
  {
    std::ofstream out(path);
    out << R"({"name": "filebot", "password": "p", "sizes": [9, 13], "max_games": 4, "accept_seeks": true,
              "seeks": [{"size": 9, "rated": false}], "greeting": "hi"})";
  }
  auto line = parse({"--config", path.string(), "--max-games=3", "--level", "5", "--accept-rated", "--engine",
                     "/bin/engine --fast  --x", "--clock-systems", "byoyomi,none", "--seek", R"({"size":13})", "--engine-clock", "false"});
  std::filesystem::remove(path);
  REQUIRE(line.has_value());
  const BotConfig& c = line->config;
  CHECK(c.name == "filebot");
  CHECK(c.sizes == std::vector<int>{9, 13});
  CHECK(c.max_games == 3);
  CHECK(c.level == 5);
  CHECK(c.accept_rated);
  CHECK(c.accept_seeks);
  CHECK(c.engine == std::vector<std::string>{"/bin/engine", "--fast", "--x"});
  CHECK(c.clock_systems == std::vector<std::string>{"byoyomi", "none"});
  REQUIRE(c.seeks.size() == 2);
  CHECK(c.seeks[1]["size"] == 13);
  CHECK(c.greeting == "hi");
  CHECK_FALSE(c.engine_clock);
}

TEST_CASE("bad command lines and files are refused with a message naming the culprit", "[bot][config]") {
  const std::vector<std::string> base = {"--name", "b", "--password", "p"};
  auto with = [&](std::vector<std::string> more) {
    auto args = base;
    args.insert(args.end(), more.begin(), more.end());
    return parse(args);
  };
  CHECK(with({"--max-games", "many"}).error().find("--max-games") != std::string::npos);
  CHECK(with({"--level", "11"}).error().find("level") != std::string::npos);
  CHECK(with({"--sizes", "9,15"}).error().find("9, 13 or 19") != std::string::npos);
  CHECK(with({"--clock-systems", "hourglass"}).error().find("hourglass") != std::string::npos);
  CHECK(with({"--frobnicate", "1"}).error().find("unknown setting") != std::string::npos);
  CHECK(with({"--seek", "[1]"}).error().find("settings object") != std::string::npos);
  CHECK(with({"--port"}).error().find("needs a value") != std::string::npos);
  CHECK(with({"stray"}).error().find("unexpected argument") != std::string::npos);
  CHECK(with({"--min-handicap", "5", "--max-handicap", "2"}).error().find("min_handicap") != std::string::npos);
  CHECK(parse({"--password", "p"}).error().find("name") != std::string::npos);
  CHECK(parse({"--name", "b", "--password", "p", "--config", "/nonexistent/bot.json"}).error().find("cannot read") != std::string::npos);
  CHECK(parse({"--help"})->help);
}

TEST_CASE("challenges are taken only when they fit the configuration", "[bot][policy]") {
  BotConfig config;
  config.sizes = {9, 19};
  config.max_games = 2;
  config.max_handicap = 4;
  config.min_main_s = 60;
  config.clock_systems = {"byoyomi", "fischer"};
  const Json good = {{"size", 9}, {"rated", false}, {"handicap", 2},
                     {"time", {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 10}}}};
  CHECK_FALSE(refusal_reason(config, good, 1).has_value());
  CHECK(refusal_reason(config, good, 2).value().find("limit") != std::string::npos);
  auto changed = [&](const char* key, Json value) {
    Json settings = good;
    settings[key] = std::move(value);
    return refusal_reason(config, settings, 0);
  };
  CHECK(changed("size", 13).value() == "I do not play 13x13");
  CHECK(changed("rated", true).value() == "I play friendly games only");
  CHECK(changed("handicap", 6).value().find("handicaps from 0 to 4") != std::string::npos);
  CHECK(changed("time", {{"system", "canadian"}, {"main_s", 300}, {"stones", 10}, {"period_s", 300}}).value().find("canadian") !=
        std::string::npos);
  CHECK(changed("time", {{"system", "byoyomi"}, {"main_s", 30}, {"periods", 3}, {"period_s", 10}}).value().find("main time") !=
        std::string::npos);
  CHECK(changed("time", {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 1}}).value().find("per move") !=
        std::string::npos);
  config.accept_rated = true;
  CHECK_FALSE(changed("rated", true).has_value());
}

TEST_CASE("the engine hears the clock and genmove waits no longer than the clock allows", "[bot][time]") {
  const Json byoyomi = {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 10}};
  CHECK(gtp_time_settings(byoyomi) == "time_settings 300 10 1");
  CHECK(gtp_time_settings({{"system", "none"}}) == "time_settings 0 1 0");
  CHECK(gtp_time_settings({{"system", "canadian"}, {"main_s", 60}, {"stones", 25}, {"period_s", 300}}) ==
        "time_settings 60 300 25");
  CHECK(gtp_time_settings({{"system", "fischer"}, {"main_s", 600}, {"increment_s", 10}}) == "time_settings 600 0 0");

  const Json in_main = {{"main_ms", 12500}, {"periods", 3}, {"period_ms", 10000}};
  const Json in_byoyomi = {{"main_ms", 0}, {"periods", 2}, {"period_ms", 10000}};
  CHECK(gtp_time_left(byoyomi, in_main, "white") == "time_left white 12 0");
  CHECK(gtp_time_left(byoyomi, in_byoyomi, "black") == "time_left black 10 1");
  CHECK_FALSE(gtp_time_left({{"system", "none"}}, in_main, "black").has_value());

  CHECK(genmove_timeout(byoyomi, in_main, 60s, 1500ms) == 21000ms);
  CHECK(genmove_timeout(byoyomi, in_byoyomi, 60s, 1500ms) == 8500ms);
  CHECK(genmove_timeout(byoyomi, in_main, 5s, 1500ms) == 5000ms);
  CHECK(genmove_timeout({{"system", "none"}}, Json::object(), 42s, 1500ms) == 42000ms);
  // Almost out of time: still a short wait rather than none.
  CHECK(genmove_timeout({{"system", "absolute"}, {"main_s", 60}}, {{"main_ms", 800}}, 60s, 1500ms) == 300ms);
}

TEST_CASE("GNU Go gets the game's ko rule and the greeting names its level", "[bot][engine]") {
  BotConfig config;
  config.level = 3;
  CHECK(engine_command(config, "situational") ==
        std::vector<std::string>{"/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--level", "3", "--situational-superko"});
  CHECK(engine_command(config, "positional").back() == "--positional-superko");
  CHECK(engine_command(config, "simple").back() == "--simple-ko");
  CHECK(greeting_for(config) == "GNU Go level 3 here, good game");

  config.engine = {"/usr/games/gnugo", "--mode", "gtp", "--level", "9", "--no-ko"};
  CHECK(engine_command(config, "situational") == config.engine);
  CHECK(greeting_for(config) == "GNU Go level 9 here, good game");

  config.engine = {"/opt/katago/katago", "gtp"};
  CHECK(engine_command(config, "simple") == config.engine);
  CHECK(greeting_for(config) == "katago here, good game");
  config.greeting = "hello";
  CHECK(greeting_for(config) == "hello");
}

TEST_CASE("the game mirror keeps the version of the marking it shows", "[bot][scoring]") {
  const Json state = {{"game", 5},
                      {"seq", 1012},
                      {"size", 9},
                      {"komi", 7.5},
                      {"black", {{"name", "bot"}}},
                      {"white", {{"name", "human"}}},
                      {"moves", {"E5", "pass", "pass"}},
                      {"phase", "scoring"},
                      {"dead", {"E5"}},
                      {"marking_version", 1011}};
  auto track = GameTrack::from_state(state, "bot");
  REQUIRE(track.has_value());
  CHECK(track->marking_version() == 1011);
  const Json unmarked = {{"type", "game.scoring"}, {"game", 5},        {"seq", 1013},
                         {"dead", Json::array()},  {"marking_version", 1013}};
  REQUIRE(track->apply(unmarked) == EventFit::applied);
  CHECK(track->dead().empty());
  CHECK(track->marking_version() == 1013);
  const Json resumed = {{"type", "game.clock"}, {"game", 5}, {"seq", 1014}, {"clock", {{"running", "white"}}}};
  REQUIRE(track->apply(resumed) == EventFit::applied);
  CHECK(track->phase() == "play");
  CHECK(track->marking_version() == 0);
}

}  // namespace
}  // namespace yunzi::bot
