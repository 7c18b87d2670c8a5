// Plays one game for the bot: mirrors it (GameTrack), owns its engine process (EngineSession), and runs engine
// requests on a worker thread so the connection keeps being read, turning the answers into moves, scoring and undo
// replies. An engine that fails or plays an illegal move is replaced once per request, then the bot says so and
// resigns; a slow move is played late, never resigned while the clock runs (tools/BOT.md, "What it survives").
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "tools/yunzi-bot/bot_config.hpp"
#include "tools/yunzi-bot/engine_jobs.hpp"
#include "tools/yunzi-bot/engine_speed.hpp"
#include "tools/yunzi-bot/game_track.hpp"
#include "tools/yunzi-bot/server_link.hpp"

namespace yunzi::bot {

class GameDriver {
 public:
  GameDriver(GameTrack track, const BotConfig& config, EngineSpeed& speed, std::string greeting);
  ~GameDriver();
  GameDriver(const GameDriver&) = delete;
  GameDriver& operator=(const GameDriver&) = delete;

  const GameTrack& track() const { return track_; }
  // A fresh snapshot after a gap or a mismatch; the engine resyncs itself.
  void replace_track(GameTrack track);

  // Applies a numbered event of this game and answers what needs an answer.
  EventFit on_event(const Json& event, ServerLink& link);
  // Collects finished engine work and starts what the game needs next.
  void act(ServerLink& link);
  // Requests in flight when the connection dropped may never have arrived.
  void connection_restored();

  bool finished() const { return track_.phase() == "ended" && !job_.valid(); }
  pid_t engine_pid() const { return job_.valid() ? -1 : engine_->pid(); }

 private:
  enum class JobKind { move, dead_stones };

  // The game as the engine hears it (without the clock unless configured).
  EnginePicture engine_picture() const;
  // With `weaken`, that share of the bot's turns gets a random move near
  // the stones instead of the engine's (it hears it like any other move).
  std::optional<std::string> weakened_move();
  void start_move_job(bool fresh_engine);
  void start_dead_stone_job();
  void on_move_answer(const EngineAnswer& answer, ServerLink& link);
  void on_dead_stones(const EngineAnswer& answer, ServerLink& link);
  // `loose`: a weakened turn's own move, whose refusal is not the engine's fault.
  void play_move(const std::string& move, ServerLink& link, bool loose = false);
  void mark_dead_stones(ServerLink& link);
  void judge_marking(ServerLink& link);
  void give_up(const std::string& why, ServerLink& link);
  void chat(const std::string& text, ServerLink& link);
  Json request(const std::string& type) const;

  GameTrack track_;
  const BotConfig& config_;
  EngineSpeed& speed_;
  std::string greeting_;
  std::unique_ptr<EngineSession> engine_;
  std::future<EngineAnswer> job_;
  JobKind job_kind_ = JobKind::move;
  std::uint64_t job_version_ = 0;
  std::chrono::steady_clock::time_point job_started_;
  std::chrono::milliseconds move_usable_{0};    // the budget of the move being thought
  std::chrono::milliseconds move_on_clock_{0};  // its time on the clock
  // The version last acted on: nothing new is started for it.
  std::optional<std::uint64_t> acted_version_;
  int illegal_moves_ = 0;  // engine moves the server refused at this turn
  bool resigning_ = false;
  std::mt19937_64 rng_{std::random_device{}()};

  // Scoring round state.
  std::optional<std::set<std::string>> engine_dead_;
  bool marking_done_ = false;
  int own_scoring_events_ = 0;  // game.scoring events our own marks will cause
};

}  // namespace yunzi::bot
