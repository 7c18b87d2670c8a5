// What one yunzi-bot process is: the server it talks to, the account it
// plays as, the GTP engine it runs (one process per game), and the games it
// agrees to play. Filled from defaults, then an optional JSON file
// (--config), then command-line flags; every mistake is an error value with
// a message naming the flag or key.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "core/ko_rule.hpp"

namespace yunzi::bot {

struct BotConfig {
  // The server.
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string path = "/ws";

  // The account. A missing account is registered when `register_account`
  // is set; the role `bot` is given by an administrator, not by the bot.
  std::string name;
  std::string password;
  bool register_account = false;
  std::string rank = "10k";

  // The engine. An empty `engine` means GNU Go at `level`.
  std::vector<std::string> engine;
  int level = 8;
  // Tell the engine the clock (time_settings, time_left). GNU Go then
  // chooses its own effort from the time left instead of keeping `level`.
  bool engine_clock = true;
  // Beyond this a genmove is given up whatever the clock says.
  int max_genmove_s = 60;
  // Kept aside from the clock for the trip to the server and back.
  int safety_margin_ms = 1500;
  // Percent of the bot's moves played at random near the stones instead of
  // the engine's (weak_moves.hpp): how one engine plays the weaker ranks.
  int weaken = 0;
  // Said of the bot's strength in the list of machine opponents; empty:
  // made from `level` and `weaken`.
  std::string strength;

  // The games it accepts.
  std::vector<int> sizes = {9, 13, 19};
  std::vector<std::string> clock_systems = {"byoyomi", "fischer", "canadian", "absolute", "none"};
  int min_main_s = 0;
  int max_main_s = 36000;
  // Byo-yomi period, Canadian period per stone, Fischer increment plus a
  // share of the main time: the least time per move the bot will play with.
  int min_seconds_per_move = 3;
  bool accept_rated = false;
  bool accept_unrated = true;
  int min_handicap = 0;
  int max_handicap = 9;
  int max_games = 2;
  bool accept_seeks = false;
  bool accept_undo = true;
  // Seeks posted while fewer than max_games are running (settings objects).
  std::vector<nlohmann::json> seeks;

  // Said to the opponent at the start; empty: "<engine> level N here, good game".
  std::string greeting;
  std::string log_level = "info";
  // Reconnection back-off: starts at 250 ms, doubles up to this.
  int reconnect_max_ms = 5000;
};

// The engine command line for one game: `engine`, or GNU Go's default one,
// with GNU Go's ko option for the game's rule ("simple", "positional",
// "situational") appended when the program is GNU Go.
std::vector<std::string> engine_command(const BotConfig& config, KoRule ko_rule);
bool is_gnu_go(const std::vector<std::string>& command);

// Reads every key of a JSON object into the config; unknown keys and wrong
// types are errors.
Expected<Done, std::string> apply_json(BotConfig& config, const nlohmann::json& object);
// Checks the ranges and the needed fields (name, password).
Expected<Done, std::string> validate(const BotConfig& config);

}  // namespace yunzi::bot
