// The bot's mirror of one game, built from a `state` snapshot (or the
// game.start event, which carries the same fields) and kept up to date by
// the game's numbered events: the position (an engine::Game, so chains and
// turns are known), the moves as the engine must hear them, the clock, the
// phase and the scoring marks. It says when an event does not fit (a seq
// gap, or a move the mirror cannot play) so the caller can fetch the game
// again.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "core/expected.hpp"
#include "core/game_result.hpp"
#include "core/ko_rule.hpp"
#include "engine/game.hpp"
#include "tools/yunzi-bot/engine_session.hpp"

namespace yunzi::bot {

enum class EventFit { applied, stale, gap, broken };

class GameTrack {
 public:
  static Expected<GameTrack, std::string> from_state(const nlohmann::json& state, const std::string& my_name);

  EventFit apply(const nlohmann::json& event);

  std::int64_t id() const { return id_; }
  std::int64_t last_seq() const { return last_seq_; }
  // Grows on every change of the position or the turn: work started for
  // one version is stale once it moved on.
  std::uint64_t version() const { return version_; }
  const std::string& my_color() const { return my_color_; }
  const std::string& opponent_name() const { return opponent_; }
  bool rated() const { return rated_; }
  KoRule ko_rule() const { return ko_; }
  const std::string& phase() const { return phase_; }
  std::string to_move() const;
  bool my_turn() const { return phase_ == "play" && to_move() == my_color_; }
  // Once the game has ended: read from the wire's SGF text.
  const std::optional<GameResult>& result() const { return result_; }

  EnginePicture picture() const { return EnginePicture{spec_, moves_}; }
  const nlohmann::json& time_settings() const { return spec_.time; }
  nlohmann::json my_clock() const;

  const std::set<std::string>& dead() const { return dead_; }
  // The server's name for the marking in dead(); an acceptance must send it.
  std::int64_t marking_version() const { return marking_version_; }
  bool accepted_by(const std::string& color) const;
  // Every stone of the chain through the vertex (empty on an empty point).
  std::set<std::string> chain_of(const std::string& vertex) const;
  // "black", "white", or nullopt for an empty point (or not a vertex).
  std::optional<std::string> stone_at(const std::string& vertex) const;
  // Is the move legal for the bot now, by the mirror's rules?
  bool legal_for_me(const std::string& vertex) const;
  // A random legal move for the bot near the stones (random_player.hpp),
  // for a weakened bot; nullopt after a pass or with no such move.
  std::optional<std::string> nearby_move(std::mt19937_64& rng) const;
  // Play went back from scoring to the opponent of the last passer.
  void resume_play();

 private:
  GameTrack(engine::Game game) : game_(std::move(game)) {}
  bool play(const std::string& color, const std::string& vertex);

  engine::Game game_;
  std::int64_t id_ = 0;
  std::int64_t last_seq_ = 0;
  std::uint64_t version_ = 0;
  std::string my_color_;
  std::string opponent_;
  bool rated_ = false;
  KoRule ko_ = KoRule::situational;
  std::string phase_ = "play";
  GameSpec spec_;
  std::vector<PlayedMove> moves_;
  nlohmann::json clock_ = nlohmann::json::object();
  std::set<std::string> dead_;
  std::int64_t marking_version_ = 0;
  nlohmann::json accepted_ = nlohmann::json::object();
  std::optional<GameResult> result_;
};

}  // namespace yunzi::bot
