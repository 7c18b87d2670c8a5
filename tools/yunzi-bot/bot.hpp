// The bot as a whole: one connection to the server (reconnected with
// back-off; after a drop or a server restart it resumes its login and
// fetches each of its games from the last event it saw), the lobby
// (watched; configured seeks posted while there is room; matching seeks
// from others accepted when allowed), challenges (accepted when they fit
// the configuration, declined with a reason otherwise), and one GameDriver
// per game in progress. It lists itself with what it plays (bot.offer) at every
// login. Runs on the calling thread until `stop` is set.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "tools/yunzi-bot/bot_config.hpp"
#include "tools/yunzi-bot/engine_check.hpp"
#include "tools/yunzi-bot/game_driver.hpp"
#include "tools/yunzi-bot/self_description.hpp"
#include "tools/yunzi-bot/server_link.hpp"

namespace yunzi::bot {

class Bot {
 public:
  // `engine`: what check_engine found.
  Bot(BotConfig config, EngineProfile engine);
  // 0 after a stop request, 1 when the account cannot log in at all.
  int run(const std::atomic<bool>& stop);

 private:
  bool connect();
  // bot.offer: lists the bot among the machine opponents (after each login).
  void offer_myself();
  void handle(const Json& event);
  void handle_game_event(std::int64_t game, const Json& event);
  void on_challenge(const Json& challenge);
  void consider_seek(const Json& seek);
  // game.watch with `since` for a known game, a full state otherwise; a
  // new game is greeted when asked.
  void watch(std::int64_t game, bool greet = false);
  // A full state that replaces the bot's copy of a known game.
  void refetch(std::int64_t game);
  void replace(std::int64_t game, const Json& state);
  void adopt(const Json& state, bool greet);
  void refresh_seeks();
  int games_in_progress() const;

  BotConfig config_;
  EngineProfile engine_;
  ServerLink link_;
  std::string my_name_;
  std::map<std::int64_t, std::unique_ptr<GameDriver>> games_;
  // Posted seeks: seek id -> index in config_.seeks.
  std::map<std::int64_t, std::size_t> my_seeks_;
  std::set<std::int64_t> seeks_tried_;
  std::set<std::int64_t> challenges_seen_;
  // Configured seeks the server refused: not posted again.
  std::set<std::size_t> seeks_refused_;
};

}  // namespace yunzi::bot
