// The shortest time per move the bot accepts by default (byo-yomi, no main time, 3 s periods) against real GNU Go
// with the clock told to it: the bot must play every move and never resign ("engine failed twice") when a move
// takes longer than half the period. Three periods rather than one only so that a stall of a loaded machine does
// not end a game on time: the bot's budget for a move is the same 3 s period either way.
#include <catch2/catch.hpp>

#include "tests/e2e/bot/bot_stage.hpp"
#include "tests/e2e/bot/scripted_player.hpp"

namespace yunzi::bot_e2e {
namespace {

using namespace std::chrono_literals;

int count_of(const std::string& text, const std::string& piece) {
  int count = 0;
  for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++count;
  return count;
}

TEST_CASE("at 3 s a move the bot plays slow moves late and never resigns", "[bot][clock]") {
  const Json shortest = {{"size", 9},
                         {"rated", false},
                         {"color", "black"},
                         {"time", {{"system", "byoyomi"}, {"main_s", 0}, {"periods", 3}, {"period_s", 3}}}};
  Stage stage;
  stage.start_server();
  stage.create_bot_account();
  // The engine is told the clock, as by default: GNU Go then spends the time it hears of.
  stage.start_bot({"--sizes", "9", "--max-games", "1", "--engine-clock", "true"});
  ScriptedPlayer player(stage.port(), "alice");
  player.register_account();
  player.wait_online(kBotName, 30s);

  constexpr int games = 5;
  for (int round = 0; round < games; ++round) {
    INFO("game " << round + 1);
    const Json reply = player.challenge(kBotName, shortest);
    REQUIRE(reply["type"] == "ok");
    const Json start = player.wait_event("game.start", 30s);
    const PlayedGame game = player.play(start, 100, {}, 120s, 12);
    INFO(stage.log_tails());
    INFO("game.end: " << game.end.dump());
    // The player resigned: the bot lost neither by resigning nor on time.
    CHECK(game.end["result"] == "W+R");
    CHECK(game.moves >= 24);
  }
  const std::string log =
      stage.bot_log_when([&](const std::string& text) { return count_of(text, "ended: W+R") == games; });
  INFO(stage.log_tails());
  CHECK(count_of(log, "resigning") == 0);
  CHECK(count_of(log, "failed twice") == 0);
  CHECK(count_of(log, "ended: W+R") == games);
}

}  // namespace
}  // namespace yunzi::bot_e2e
