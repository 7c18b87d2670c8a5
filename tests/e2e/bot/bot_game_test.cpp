// Whole games: the scripted player challenges the real yunzi-bot process
// (with real GNU Go) on the real server, and the game must reach a counted
// result also when the server is killed and restarted, or the engine killed,
// in the middle.
#include <signal.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "tests/e2e/bot/bot_stage.hpp"
#include "tests/e2e/bot/scripted_player.hpp"

namespace yunzi::bot_e2e {
namespace {

using namespace std::chrono_literals;

const Json kNineByNine = {{"size", 9},
                          {"rated", false},
                          {"komi", 7.5},
                          {"color", "black"},
                          {"time", {{"system", "byoyomi"}, {"main_s", 300}, {"periods", 3}, {"period_s", 10}}}};

int count_of(const std::string& text, const std::string& piece) {
  int count = 0;
  for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++count;
  return count;
}

// Server up, bot account made, bot running and online, the player registered.
struct BotScene {
  Stage stage;
  std::unique_ptr<ScriptedPlayer> player;

  explicit BotScene(const std::vector<std::string>& bot_flags = {}) {
    stage.start_server();
    stage.create_bot_account();
    std::vector<std::string> flags = {"--sizes", "9", "--max-games", "1"};
    flags.insert(flags.end(), bot_flags.begin(), bot_flags.end());
    stage.start_bot(flags);
    player = std::make_unique<ScriptedPlayer>(stage.port(), "alice");
    player->register_account();
    player->wait_online(kBotName, 30s);
  }

  Json start_game() {
    const Json reply = player->challenge(kBotName, kNineByNine);
    REQUIRE(reply["type"] == "ok");
    return player->wait_event("game.start", 30s);
  }

  void check_counted(const PlayedGame& game) {
    INFO(stage.log_tails());
    INFO("game.end: " << game.end.dump());
    CHECK(game.end["reason"] == "count");
    const std::string result = game.end["result"].get<std::string>();
    CHECK((result.rfind("B+", 0) == 0 || result.rfind("W+", 0) == 0 || result == "0"));
    CHECK(result.find('R') == std::string::npos);
    CHECK(game.moves >= 20);
  }
};

TEST_CASE("the bot lists itself, declines what it does not play and plays a 9x9 game to a count, weakened", "[bot]") {
  // Half its moves loose: one in a million games of 20 moves has none.
  BotScene scene({"--weaken", "50", "--log-level", "debug"});
  // Listed among the machine opponents with what it plays (the offer follows its login).
  Json bots = scene.player->list_bots()["bots"];
  for (int i = 0; i < 100 && !bots.empty() && bots[0]["offer"].is_null(); ++i) {
    std::this_thread::sleep_for(100ms);
    bots = scene.player->list_bots()["bots"];
  }
  REQUIRE(bots.size() == 1);
  CHECK(bots[0]["name"] == kBotName);
  CHECK(bots[0]["online"] == true);
  CHECK(bots[0]["offer"]["engine"] == "GNU Go 3.8");
  CHECK(bots[0]["offer"]["strength"] == "level 1, 50% loose moves");
  CHECK(bots[0]["offer"]["sizes"] == Json({9}));
  CHECK(bots[0]["offer"]["max_games"] == 1);
  CHECK(bots[0]["offer"]["seconds_per_move"].get<int>() >= 3);

  // 19x19 is outside --sizes 9: declined with the reason in the bot's log.
  const Json refused = scene.player->challenge(kBotName, {{"size", 19}, {"rated", false}});
  REQUIRE(refused["type"] == "ok");
  const Json declined = scene.player->wait_event("challenge.declined", 20s);
  CHECK(declined["challenge"] == refused["challenge"]["id"]);
  // The challenger reads why.
  CHECK(declined["reason"] == "I do not play 19x19");
  CHECK(scene.stage.bot_log().find("I do not play 19x19") != std::string::npos);

  const Json start = scene.start_game();
  CHECK(start["white"]["name"] == kBotName);
  CHECK(start["white"]["role"] == "bot");
  const PlayedGame game = scene.player->play(start, 25, {}, 90s);
  scene.check_counted(game);
  // The engine's own name, as it gave it at start-up.
  CHECK(std::find(game.bot_chat.begin(), game.bot_chat.end(), "GNU Go 3.8 level 1 here, good game") !=
        game.bot_chat.end());
  const std::string log = scene.stage.bot_log();
  CHECK(log.find("accepting the marking") != std::string::npos);
  CHECK(log.find("a loose move at") != std::string::npos);
  CHECK(scene.stage.stop_bot() == 0);
}

TEST_CASE("the bot comes back after the server is killed and restarted mid-game", "[bot]") {
  BotScene scene;
  const Json start = scene.start_game();
  bool restarted = false;
  const PlayedGame game = scene.player->play(
      start, 25,
      [&](int moves) {
        if (moves == 12 && !restarted) {
          restarted = true;
          scene.stage.kill_server();
          scene.stage.start_server();
        }
      },
      100s);
  REQUIRE(restarted);
  scene.check_counted(game);
  CHECK(game.reconnections >= 1);
  const std::string log = scene.stage.bot_log();
  INFO(scene.stage.log_tails());
  CHECK(count_of(log, "logged in as gnugo") >= 2);
  CHECK(count_of(log, "connection lost") + count_of(log, "connection closed") >= 1);
}

TEST_CASE("the bot restarts a killed engine from the game's moves and plays on", "[bot]") {
  BotScene scene;
  const Json start = scene.start_game();
  pid_t killed = -1;
  std::vector<pid_t> later;
  const PlayedGame game = scene.player->play(
      start, 25,
      [&](int moves) {
        // After the bot's reply it is the player's turn: the engine is idle.
        if (moves == 10) {
          const auto engines = children_named(scene.stage.bot_pid(), "gnugo");
          REQUIRE(engines.size() == 1);
          killed = engines.front();
          REQUIRE(::kill(killed, SIGKILL) == 0);
        }
        if (moves == 16) later = children_named(scene.stage.bot_pid(), "gnugo");
      },
      90s);
  REQUIRE(killed > 0);
  scene.check_counted(game);
  INFO(scene.stage.log_tails());
  REQUIRE(later.size() == 1);
  CHECK(later.front() != killed);
  CHECK(scene.stage.bot_log().find("restarting it") != std::string::npos);
}

}  // namespace
}  // namespace yunzi::bot_e2e
