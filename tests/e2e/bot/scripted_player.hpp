// The bot's opponent in the tests: a plain account on a yunzi_client
// connection that challenges the bot and plays a game to its end with
// random legal moves (never filling its own one-point eyes), passes once it
// has played enough or when the bot passes, and accepts the marking the bot
// has accepted. It survives the server going away: it reconnects, resumes
// its login and fetches the game from the last event it saw. A hook runs
// after every move so a test can break things mid-game.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tools/client/ws_client.hpp"
#include "tools/yunzi-bot/game_track.hpp"

namespace yunzi::bot_e2e {

using Json = nlohmann::json;

struct PlayedGame {
  Json end;                           // the game.end event
  int moves = 0;                      // moves (passes included) seen
  std::vector<std::string> bot_chat;  // lines the bot said in the game
  int reconnections = 0;
};

class ScriptedPlayer {
 public:
  ScriptedPlayer(std::uint16_t port, std::string name);

  void register_account();
  // Waits until the named user is online (user.info).
  void wait_online(const std::string& name, std::chrono::seconds limit);
  // Sends a challenge; returns the reply (ok with the challenge, or the error).
  Json challenge(const std::string& to, const Json& settings);
  // The bot.list reply.
  Json list_bots();
  // Waits for the next event of this type.
  Json wait_event(const std::string& type, std::chrono::seconds limit);

  // Plays the game that game.start announced until game.end. `after_move`
  // gets the number of moves played so far after each move event. With
  // `resign_after`, the player resigns at its turn once it has played that
  // many moves (a short game whose every bot move is still real).
  PlayedGame play(const Json& start, int own_moves_before_passing, const std::function<void(int)>& after_move,
                  std::chrono::seconds limit, std::optional<int> resign_after = std::nullopt);

 private:
  void connect();
  bool reconnect(std::chrono::seconds limit);
  Json call(Json request);
  std::string choose_move(const bot::GameTrack& track);

  std::uint16_t port_;
  std::string name_;
  std::string token_;
  std::unique_ptr<client::WsClient> ws_;
  std::mt19937 random_{20240601};
};

}  // namespace yunzi::bot_e2e
