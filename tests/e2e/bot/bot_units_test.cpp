// yunzi-bot's pure parts: the command line and config file, the choice of
// challenges, the time given to the engine, the greeting, GNU Go's ko flags,
// the marking the game mirror names when it accepts a count, the offer that
// lists the bot and the loose moves of a weakened bot.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "tests/support/temp_dir.hpp"
#include "tools/random_play/random_player.hpp"
#include "tools/yunzi-bot/bot.hpp"
#include "tools/yunzi-bot/bot_flags.hpp"
#include "tools/yunzi-bot/challenge_policy.hpp"
#include "tools/yunzi-bot/engine_speed.hpp"
#include "tools/yunzi-bot/game_track.hpp"
#include "tools/yunzi-bot/self_description.hpp"
#include "tools/yunzi-bot/time_budget.hpp"

namespace yunzi::bot {
namespace {

using Json = nlohmann::json;
using namespace std::chrono_literals;

Expected<CommandLine, std::string> parse(std::vector<std::string> args) { return parse_command_line(args); }

TEST_CASE("flags fill the configuration and a file sits below them", "[bot][config]") {
  const test_support::TempDir dir;
  const auto path = dir / "bot-config.json";
  {
    std::ofstream out(path);
    out << R"({"name": "filebot", "password": "p", "sizes": [9, 13], "max_games": 4, "accept_seeks": true,
              "seeks": [{"size": 9, "rated": false}], "greeting": "hi"})";
  }
  auto line = parse({"--config", path.string(), "--max-games=3", "--level", "5", "--accept-rated", "--engine",
                     "/bin/engine --fast  --x", "--clock-systems", "byoyomi,none", "--seek", R"({"size":13})",
                     "--engine-clock", "false"});
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
  CHECK(parse({"--name", "b", "--password", "p", "--config", "/nonexistent/bot.json"}).error().find("cannot read") !=
        std::string::npos);
  CHECK(parse({"--help"})->help);
}

TEST_CASE("challenges are taken only when they fit the configuration", "[bot][policy]") {
  BotConfig config;
  config.sizes = {9, 19};
  config.max_games = 2;
  config.max_handicap = 4;
  config.min_main_s = 60;
  config.clock_systems = {"byoyomi", "fischer"};
  const Json good = {{"size", 9},
                     {"rated", false},
                     {"handicap", 2},
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
  CHECK(changed("time", {{"system", "canadian"}, {"main_s", 300}, {"stones", 10}, {"period_s", 300}})
            .value()
            .find("canadian") != std::string::npos);
  CHECK(changed("time", {{"system", "byoyomi"}, {"main_s", 30}, {"periods", 3}, {"period_s", 10}})
            .value()
            .find("main time") != std::string::npos);
  CHECK(changed("time", {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 1}})
            .value()
            .find("per move") != std::string::npos);
  config.accept_rated = true;
  CHECK_FALSE(changed("rated", true).has_value());
}

TEST_CASE("the password comes from the command line, standard input or the environment", "[bot][config]") {
  PasswordSources sources;
  sources.environment = "from-env";
  int stdin_reads = 0;
  sources.standard_input = [&]() -> std::optional<std::string> {
    ++stdin_reads;
    return std::string("from-stdin");
  };
  CHECK(parse_command_line({"--name", "b"}, sources)->config.password == "from-env");
  CHECK(stdin_reads == 0);
  CHECK(parse_command_line({"--name", "b", "--password-stdin"}, sources)->config.password == "from-stdin");
  CHECK(stdin_reads == 1);
  CHECK(parse_command_line({"--name", "b", "--password", "flag"}, sources)->config.password == "flag");
  CHECK(
      parse_command_line({"--name", "b", "--password", "flag", "--password-stdin"}, sources).error().find("not both") !=
      std::string::npos);
  PasswordSources empty_stdin;
  empty_stdin.standard_input = []() -> std::optional<std::string> { return std::nullopt; };
  CHECK(parse_command_line({"--name", "b", "--password-stdin"}, empty_stdin)
            .error()
            .find("no password on standard input") != std::string::npos);
  CHECK(parse_command_line({"--name", "b"}).error().find("YUNZI_BOT_PASSWORD") != std::string::npos);
}

TEST_CASE("a clock the engine's measured speed cannot meet is declined, with the figures", "[bot][policy]") {
  BotConfig config;
  config.safety_margin_ms = 1500;
  EngineSpeed speed;
  const Json tight = {
      {"size", 9}, {"rated", false}, {"time", {{"system", "byoyomi"}, {"main_s", 0}, {"periods", 1}, {"period_s", 3}}}};
  // Nothing measured on 9x9: only the configured floor applies.
  CHECK_FALSE(refusal_reason(config, tight, 0, speed).has_value());
  speed.record(9, 400ms);
  CHECK_FALSE(refusal_reason(config, tight, 0, speed).has_value());  // 1.5 + 2 x 0.4 = 2.3 s <= 3 s
  speed.record(9, 900ms);
  CHECK(refusal_reason(config, tight, 0, speed).value() ==
        "my engine needs about 3.3 s per move on 9x9, this clock gives 3 s");
  speed.record(9, 100ms);  // the slowest move counts
  CHECK(speed.slowest(9) == 900ms);
  Json roomy = tight;
  roomy["time"]["period_s"] = 5;
  CHECK_FALSE(refusal_reason(config, roomy, 0, speed).has_value());
  // A move in a game that overran a 5 s period: 5 s clocks are declined too.
  speed.record_overrun(9, 5200ms);
  CHECK(refusal_reason(config, roomy, 0, speed).value() ==
        "my engine needs about 6.7 s per move on 9x9, this clock gives 5 s");
  CHECK(speed.needed_per_move(13, 1500ms) == std::nullopt);
  CHECK_FALSE(refusal_reason(config, {{"size", 9}, {"rated", false}, {"time", {{"system", "none"}}}}, 0, speed));
}

TEST_CASE("one budget per move: the margin comes off once, the wait lasts until the clock runs out", "[bot][time]") {
  const Json byoyomi = {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 10}};
  const Json shortest = {{"system", "byoyomi"}, {"main_s", 0}, {"periods", 1}, {"period_s", 3}};
  // The issue's clock: 3 s a move, the margin 1.5 s. The engine hears the
  // 1.5 s it should use; the bot waits the whole 3 s.
  const MoveBudget tight =
      move_budget(shortest, {{"main_ms", 0}, {"periods", 1}, {"period_ms", 3000}}, "white", 60s, 1500ms);
  CHECK(tight.time_left == "time_left white 1 1");
  CHECK(tight.usable == 1500ms);
  CHECK(tight.wait == 3000ms);
  CHECK(tight.wait_ends_with_clock);

  // In main time the engine hears the main time less the margin; the wait
  // runs through every period.
  const MoveBudget in_main =
      move_budget(byoyomi, {{"main_ms", 12500}, {"periods", 3}, {"period_ms", 10000}}, "white", 60s, 1500ms);
  CHECK(in_main.time_left == "time_left white 11 0");
  CHECK(in_main.usable == 21000ms);
  CHECK(in_main.wait == 42500ms);
  const MoveBudget periods =
      move_budget(byoyomi, {{"main_ms", 0}, {"periods", 2}, {"period_ms", 10000}}, "black", 60s, 1500ms);
  CHECK(periods.time_left == "time_left black 8 1");
  CHECK(periods.usable == 8500ms);
  CHECK(periods.wait == 20000ms);
  // The cap bounds the wait; time remains on the clock after it.
  const MoveBudget capped =
      move_budget(byoyomi, {{"main_ms", 12500}, {"periods", 3}, {"period_ms", 10000}}, "white", 5s, 1500ms);
  CHECK(capped.wait == 5000ms);
  CHECK(capped.usable == 5000ms);
  CHECK_FALSE(capped.wait_ends_with_clock);

  const MoveBudget none = move_budget({{"system", "none"}}, Json::object(), "black", 42s, 1500ms);
  CHECK_FALSE(none.time_left.has_value());
  CHECK(none.wait == 42000ms);
  CHECK_FALSE(none.wait_ends_with_clock);
  // Almost out of time: nothing usable, but the bot still waits what is left.
  const MoveBudget flagging =
      move_budget({{"system", "absolute"}, {"main_s", 60}}, {{"main_ms", 800}}, "black", 60s, 1500ms);
  CHECK(flagging.usable == 0ms);
  CHECK(flagging.wait == 800ms);
  CHECK(flagging.time_left == "time_left black 0 0");
  const Json canadian = {{"system", "canadian"}, {"main_s", 0}, {"stones", 5}, {"period_s", 60}};
  const MoveBudget stones =
      move_budget(canadian, {{"main_ms", 0}, {"period_ms", 30000}, {"stones", 3}}, "white", 60s, 1500ms);
  CHECK(stones.time_left == "time_left white 28 3");
  CHECK(stones.usable == 8500ms);
  CHECK(stones.wait == 30000ms);
}

TEST_CASE("the engine hears the clock's settings", "[bot][time]") {
  const Json byoyomi = {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 10}};
  CHECK(gtp_time_settings(byoyomi) == "time_settings 300 10 1");
  CHECK(gtp_time_settings({{"system", "none"}}) == "time_settings 0 1 0");
  CHECK(gtp_time_settings({{"system", "canadian"}, {"main_s", 60}, {"stones", 25}, {"period_s", 300}}) ==
        "time_settings 60 300 25");
  CHECK(gtp_time_settings({{"system", "fischer"}, {"main_s", 600}, {"increment_s", 10}}) == "time_settings 600 0 0");
}

TEST_CASE("GNU Go gets the game's ko rule and the greeting names the engine as it names itself", "[bot][engine]") {
  BotConfig config;
  config.level = 3;
  CHECK(engine_command(config, yunzi::KoRule::situational) ==
        std::vector<std::string>{"/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--level", "3",
                                 "--situational-superko"});
  CHECK(engine_command(config, yunzi::KoRule::positional).back() == "--positional-superko");
  CHECK(engine_command(config, yunzi::KoRule::simple).back() == "--simple-ko");
  CHECK(greeting_for(config, "GNU Go 3.8") == "GNU Go 3.8 level 3 here, good game");

  config.engine = {"/usr/games/gnugo", "--mode", "gtp", "--level", "9", "--no-ko"};
  CHECK(engine_command(config, yunzi::KoRule::situational) == config.engine);
  CHECK(greeting_for(config, "GNU Go 3.8") == "GNU Go 3.8 level 9 here, good game");

  config.engine = {"/opt/katago/katago", "gtp"};
  CHECK(engine_command(config, yunzi::KoRule::simple) == config.engine);
  CHECK(greeting_for(config, "KataGo 1.13.0") == "KataGo 1.13.0 here, good game");
  CHECK(greeting_for(config, "") == "katago here, good game");
  config.greeting = "hello";
  CHECK(greeting_for(config, "KataGo 1.13.0") == "hello");
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
  const Json unmarked = {
      {"type", "game.scoring"}, {"game", 5}, {"seq", 1013}, {"dead", Json::array()}, {"marking_version", 1013}};
  REQUIRE(track->apply(unmarked) == EventFit::applied);
  CHECK(track->dead().empty());
  CHECK(track->marking_version() == 1013);
  const Json resumed = {{"type", "game.clock"}, {"game", 5}, {"seq", 1014}, {"clock", {{"running", "white"}}}};
  REQUIRE(track->apply(resumed) == EventFit::applied);
  CHECK(track->phase() == "play");
  CHECK(track->marking_version() == 0);
}

TEST_CASE("a loose move comes neither among the game's first four moves nor right after a pass", "[bot][weaken]") {
  const auto track_after = [](const Json& moves) {
    const Json state = {{"game", 9},
                        {"seq", 1},
                        {"size", 9},
                        {"komi", 7.5},
                        {"black", {{"name", "bot"}}},
                        {"white", {{"name", "human"}}},
                        {"moves", moves},
                        {"phase", "play"}};
    auto track = GameTrack::from_state(state, "bot");
    REQUIRE(track.has_value());
    return std::move(*track);
  };
  std::mt19937_64 rng(3);
  CHECK_FALSE(track_after(Json::array()).nearby_move(rng));
  CHECK_FALSE(track_after({"E5", "C3"}).nearby_move(rng));
  CHECK_FALSE(track_after({"E5", "C3", "G7", "pass"}).nearby_move(rng));
  const auto loose = track_after({"E5", "C3", "G7", "C7"}).nearby_move(rng);
  REQUIRE(loose);
  const auto at = engine::parse_gtp(*loose, 9);
  REQUIRE(at);
  // Within two steps of one of the four stones.
  const std::vector<std::string> stones{"E5", "C3", "G7", "C7"};
  const bool near = std::any_of(stones.begin(), stones.end(), [&](const std::string& stone) {
    const engine::Vertex s = *engine::parse_gtp(stone, 9);
    return std::abs(s.x - at->x) + std::abs(s.y - at->y) <= 2;
  });
  CHECK(near);
}

TEST_CASE("a weakened bot says so, and its offer is what its policy accepts", "[bot][offer]") {
  auto line = parse({"--name", "easy", "--password", "p", "--level", "1", "--weaken", "40", "--sizes", "9,19",
                     "--clock-systems", "byoyomi,fischer", "--max-games", "3", "--accept-rated"});
  REQUIRE(line);
  const BotConfig& config = line->config;
  CHECK(config.weaken == 40);
  CHECK(strength_for(config) == "level 1, 40% loose moves");
  EngineProfile engine{"GNU Go 3.8", {}};
  engine.speed.record(9, 400ms);
  engine.speed.record(19, 2600ms);
  const Json offer = offer_for(config, engine);
  CHECK(offer["engine"] == "GNU Go 3.8");
  CHECK(offer["strength"] == "level 1, 40% loose moves");
  CHECK(offer["sizes"] == Json({9, 19}));
  CHECK(offer["clocks"] == Json({"byoyomi", "fischer"}));
  CHECK(offer["rated"] == true);
  CHECK(offer["max_games"] == 3);
  // The slowest size rules: 1.5 s margin + 2 x 2.6 s on 19x19, rounded up.
  CHECK(offer["seconds_per_move"] == 7);

  BotConfig named = config;
  named.strength = "about 15k";
  CHECK(strength_for(named) == "about 15k");
  named.engine = {"/opt/katago/katago", "gtp"};
  named.strength.clear();
  named.weaken = 0;
  CHECK(strength_for(named).empty());

  CHECK_FALSE(parse({"--name", "easy", "--password", "p", "--weaken", "95"}));

  // Said in characters, within the server's limits: a long Chinese strength is cut between characters.
  named.strength.clear();
  for (int i = 0; i < 130; ++i) named.strength += "弱";
  const std::string cut = offer_for(named, engine)["strength"];
  CHECK(cut.size() == 120 * std::string("弱").size());
}

TEST_CASE("a loose move is legal, near the stones and never fills the mover's own eye", "[bot][weaken]") {
  engine::GameSetup setup;
  setup.size = 9;
  auto game = engine::Game::create(setup);
  REQUIRE(game);
  std::mt19937_64 rng(7);
  // On an empty board any point will do.
  REQUIRE(random_play::choose_nearby_move(*game, engine::Color::black, rng));

  // A black group with a one-point eye at A1 in the corner, one white stone far away.
  for (const auto& [black, white] :
       std::vector<std::pair<std::string, std::string>>{{"B1", "H8"}, {"A2", "pass"}, {"B2", "pass"}}) {
    REQUIRE(game->play(engine::Color::black, *engine::parse_gtp(black, 9)));
    if (white == "pass") {
      REQUIRE(game->pass(engine::Color::white));
    } else {
      REQUIRE(game->play(engine::Color::white, *engine::parse_gtp(white, 9)));
    }
  }
  const auto near_a_stone = [&](engine::Vertex v) {
    for (const char* stone : {"B1", "A2", "B2", "H8"}) {
      const engine::Vertex s = *engine::parse_gtp(stone, 9);
      if (std::abs(s.x - v.x) + std::abs(s.y - v.y) <= 2) return true;
    }
    return false;
  };
  std::set<std::string> seen;
  for (int i = 0; i < 300; ++i) {
    const auto move = random_play::choose_nearby_move(*game, engine::Color::black, rng);
    REQUIRE(move);
    const std::string text = engine::to_gtp(*move, 9);
    INFO(text);
    CHECK(text != "A1");
    CHECK(near_a_stone(*move));
    CHECK(game->is_legal(engine::Color::black, *move));
    seen.insert(text);
  }
  // Spread over the candidates, not stuck on one: about 20 points lie near the stones.
  CHECK(seen.size() >= 12);
}

}  // namespace
}  // namespace yunzi::bot
