// Setting a bot up as an operator does: the account made with its role in
// one step (the Stage does it with yunzi-admin), the password kept out of
// the command line, and an engine that does not work found at start-up, so
// the bot never goes online to accept games it would resign.
#include <catch2/catch.hpp>

#include "tests/e2e/bot/bot_stage.hpp"
#include "tests/e2e/bot/scripted_player.hpp"

namespace yunzi::bot_e2e {
namespace {

using namespace std::chrono_literals;

TEST_CASE("a wrong engine path stops the bot before it goes online", "[bot][setup]") {
  Stage stage;
  stage.start_server();
  stage.create_bot_account();
  stage.start_bot({"--engine", "/nonexistent/gnugo --mode gtp"});
  const auto code = stage.wait_bot_exit(30s);
  INFO(stage.log_tails());
  REQUIRE(code.has_value());
  CHECK(*code == 3);
  const std::string log = stage.bot_log();
  CHECK(log.find("not going online") != std::string::npos);
  CHECK(log.find("/nonexistent/gnugo") != std::string::npos);
  CHECK(log.find("logged in") == std::string::npos);
  ScriptedPlayer player(stage.port(), "alice");
  player.register_account();
  const Json challenged = player.challenge(kBotName, {{"size", 9}, {"rated", false}});
  CHECK(challenged["code"] == "not_found");  // "no such user online"
}

TEST_CASE("the bot reads its password from the environment or standard input", "[bot][setup]") {
  for (const auto how : {Stage::Password::environment, Stage::Password::standard_input}) {
    Stage stage;
    stage.start_server();
    stage.create_bot_account();
    stage.start_bot({}, how);
    ScriptedPlayer player(stage.port(), "alice");
    player.register_account();
    player.wait_online(kBotName, 30s);
    const std::string log = stage.bot_log_when(
        [](const std::string& text) { return text.find("logged in as gnugo (bot)") != std::string::npos; });
    INFO(stage.log_tails());
    CHECK(log.find("logged in as gnugo (bot)") != std::string::npos);
    // The engine was looked at before going online, and named itself.
    CHECK(log.find("engine GNU Go 3.8: 9x9") != std::string::npos);
    CHECK(stage.stop_bot() == 0);
  }
}

}  // namespace
}  // namespace yunzi::bot_e2e
