#include "tools/yunzi-bot/game_driver.hpp"

#include <spdlog/spdlog.h>

#include "tools/yunzi-bot/time_budget.hpp"

namespace yunzi::bot {

namespace {

std::string join(const std::set<std::string>& vertices) {
  std::string text;
  for (const auto& v : vertices) text += (text.empty() ? "" : " ") + v;
  return text.empty() ? "none" : text;
}

}  // namespace

GameDriver::GameDriver(GameTrack track, const BotConfig& config, EngineSpeed& speed, std::string greeting)
    : track_(std::move(track)),
      config_(config),
      speed_(speed),
      greeting_(std::move(greeting)),
      engine_(std::make_unique<EngineSession>(engine_command(config, track_.ko_rule()))) {}

GameDriver::~GameDriver() {
  // The worker uses the engine; the engine's own timeouts bound this wait.
  if (job_.valid()) job_.wait();
}

void GameDriver::replace_track(GameTrack track) {
  const bool was_scoring = track_.phase() == "scoring";
  track_ = std::move(track);
  acted_version_.reset();
  if (!was_scoring || track_.phase() != "scoring") engine_dead_.reset();
  marking_done_ = false;
  own_scoring_events_ = 0;
}

void GameDriver::connection_restored() {
  acted_version_.reset();
  marking_done_ = false;
  own_scoring_events_ = 0;
}

Json GameDriver::request(const std::string& type) const { return Json{{"type", type}, {"game", track_.id()}}; }

void GameDriver::chat(const std::string& text, ServerLink& link) {
  Json message = request("game.chat");
  message["text"] = text;
  link.call_ok(std::move(message), "game " + std::to_string(track_.id()));
}

EventFit GameDriver::on_event(const Json& event, ServerLink& link) {
  const std::string phase_before = track_.phase();
  const std::uint64_t version_before = track_.version();
  const EventFit fit = track_.apply(event);
  if (fit != EventFit::applied) return fit;
  const std::string type = event.value("type", std::string());
  if (track_.version() != version_before) illegal_moves_ = 0;
  if (track_.phase() == "scoring" && phase_before != "scoring") {
    engine_dead_.reset();
    marking_done_ = false;
    own_scoring_events_ = 0;
  }

  if (type == "game.scoring" && marking_done_) {
    if (own_scoring_events_ > 0 && --own_scoring_events_ > 0) return fit;
    judge_marking(link);
  } else if (type == "game.undo_requested" && event.value("color", std::string()) != track_.my_color()) {
    const bool accept = config_.accept_undo && !track_.rated();
    link.call_ok(request(accept ? "game.undo.accept" : "game.undo.decline"), "game " + std::to_string(track_.id()));
  } else if (type == "game.end") {
    const auto& result = track_.result();
    spdlog::info("game {} against {} ended: {} ({})", track_.id(), track_.opponent_name(),
                 result ? to_sgf(*result) : std::string("?"), result ? to_string(result->how) : "?");
  } else if (type == "game.opponent_gone") {
    spdlog::info("game {}: {} is gone", track_.id(), track_.opponent_name());
  }
  return fit;
}

void GameDriver::act(ServerLink& link) {
  if (!link.up()) return;
  if (!greeting_.empty() && track_.phase() != "ended") {
    chat(greeting_, link);
    greeting_.clear();
  }
  if (job_.valid()) {
    if (job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    const EngineAnswer answer = job_.get();
    if (job_version_ != track_.version() || track_.phase() == "ended") {
      spdlog::debug("game {}: engine answer for an older position dropped", track_.id());
    } else if (job_kind_ == JobKind::move) {
      on_move_answer(answer, link);
    } else {
      on_dead_stones(answer, link);
    }
  }
  if (job_.valid() || resigning_ || track_.phase() == "ended" || !link.up()) return;
  if (acted_version_ == track_.version()) return;
  if (track_.my_turn()) {
    if (auto loose = weakened_move()) {
      acted_version_ = track_.version();
      spdlog::debug("game {}: a loose move at {} instead of the engine's", track_.id(), *loose);
      play_move(*loose, link, true);
    } else {
      start_move_job(false);
    }
  } else if (track_.phase() == "scoring") {
    if (!engine_dead_) {
      start_dead_stone_job();
    } else if (!marking_done_) {
      acted_version_ = track_.version();
      mark_dead_stones(link);
    }
  }
}

void GameDriver::start_move_job(bool fresh_engine) {
  MoveRequest move;
  move.picture = engine_picture();
  move.color = track_.my_color();
  const MoveBudget budget = move_budget(track_.time_settings(), track_.my_clock(), track_.my_color(),
                                        std::chrono::seconds(config_.max_genmove_s), Millis(config_.safety_margin_ms));
  if (config_.engine_clock) move.time_left = budget.time_left;
  move.timeout = budget.wait;
  move.timeout_ends_with_clock = budget.wait_ends_with_clock;
  move.fresh_engine = fresh_engine;
  move_usable_ = budget.usable;
  move_on_clock_ = budget.on_clock;
  job_kind_ = JobKind::move;
  job_started_ = std::chrono::steady_clock::now();
  job_version_ = track_.version();
  acted_version_ = track_.version();
  spdlog::debug("game {}: genmove {} in {} ms, waiting up to {} ms", track_.id(), move.color, budget.usable.count(),
                move.timeout.count());
  job_ = std::async(std::launch::async,
                    [engine = engine_.get(), move = std::move(move)] { return request_move(*engine, move); });
}

void GameDriver::start_dead_stone_job() {
  job_kind_ = JobKind::dead_stones;
  job_version_ = track_.version();
  acted_version_ = track_.version();
  job_ =
      std::async(std::launch::async, [engine = engine_.get(), picture = engine_picture(), cap = config_.max_genmove_s] {
        return request_dead_stones(*engine, picture, std::chrono::seconds(cap));
      });
}

std::optional<std::string> GameDriver::weakened_move() {
  if (config_.weaken <= 0) return std::nullopt;
  std::uniform_int_distribution<int> percent(0, 99);
  if (percent(rng_) >= config_.weaken) return std::nullopt;
  return track_.nearby_move(rng_);
}

EnginePicture GameDriver::engine_picture() const {
  EnginePicture picture = track_.picture();
  if (!config_.engine_clock) picture.spec.time = nullptr;
  return picture;
}

void GameDriver::give_up(const std::string& why, ServerLink& link) {
  spdlog::error("game {}: resigning: {}", track_.id(), why);
  resigning_ = true;
  chat("Sorry, " + why + ". I resign.", link);
  // Cut off before the server heard it: the turn is looked at again later.
  if (!link.call_ok(request("game.resign"), "game " + std::to_string(track_.id())) && !link.up()) resigning_ = false;
}

void GameDriver::on_move_answer(const EngineAnswer& answer, ServerLink& link) {
  const auto took = std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now() - job_started_);
  const int size = track_.picture().spec.size;
  spdlog::debug("game {}: the engine answered {} in {} ms", track_.id(), answer.ok ? answer.move : "nothing",
                took.count());
  if (answer.restarts > 0)
    spdlog::warn("game {}: engine restarted {} time(s) for this move", track_.id(), answer.restarts);
  if (answer.ok && took > move_usable_) {
    spdlog::warn("game {}: slow move: {} ms, {} ms planned; played late", track_.id(), took.count(),
                 move_usable_.count());
  }
  // A move that needed more than its time on the clock (a byo-yomi period
  // went): clocks as short are declined from now on.
  if (took > move_on_clock_ && answer.restarts == 0) speed_.record_overrun(size, took);
  if (!answer.ok && answer.out_of_time) {
    // Resigning would lose the same game; the server's clock decides, and
    // if the bot's view of the clock was behind the move is asked again.
    spdlog::warn("game {}: no move before the clock ran out ({})", track_.id(), answer.error);
    acted_version_.reset();
    return;
  }
  if (!answer.ok) return give_up("my engine failed twice (" + answer.error + ")", link);
  if (answer.move == "resign") {
    spdlog::info("game {}: the engine resigns", track_.id());
    resigning_ = true;
    link.call_ok(request("game.resign"), "game " + std::to_string(track_.id()));
    return;
  }
  play_move(answer.move, link);
}

void GameDriver::play_move(const std::string& move, ServerLink& link, bool loose) {
  std::string refusal;
  if (!track_.legal_for_me(move)) {
    refusal = "illegal by the rules of this game";
  } else {
    Json message = move == "pass" ? request("game.pass") : request("game.move");
    if (move != "pass") message["vertex"] = move;
    auto reply = link.call(std::move(message));
    if (!reply) return;  // the connection is gone; after it is back the turn is looked at again
    if (is_ok(reply)) return;
    const std::string code = reply->value("code", std::string());
    if (code != "illegal_move") {
      spdlog::warn("game {}: move {} refused: {} {}", track_.id(), move, code, reply->value("message", std::string()));
      return;
    }
    refusal = reply->value("message", std::string("illegal"));
  }
  if (loose) {
    // The bot's own pick, not the engine's (a superko the mirror did not see): the engine moves instead.
    spdlog::warn("game {}: the loose move {} was refused ({}); the engine moves", track_.id(), move, refusal);
    return start_move_job(false);
  }
  ++illegal_moves_;
  spdlog::error("game {}: the engine chose the illegal move {} ({})", track_.id(), move, refusal);
  if (illegal_moves_ > 1) return give_up("my engine keeps choosing illegal moves", link);
  start_move_job(true);
}

void GameDriver::on_dead_stones(const EngineAnswer& answer, ServerLink& link) {
  std::set<std::string> dead;
  if (answer.ok) {
    for (const auto& stone : answer.dead) {
      const auto chain = track_.chain_of(stone);
      dead.insert(chain.begin(), chain.end());
    }
  } else {
    // Without the engine's opinion the opponent's marking is taken as it is.
    spdlog::warn("game {}: no dead-stone list from the engine ({}); going with the marking", track_.id(), answer.error);
    dead = track_.dead();
  }
  spdlog::info("game {}: the engine holds dead: {}", track_.id(), join(dead));
  engine_dead_ = std::move(dead);
  mark_dead_stones(link);
}

void GameDriver::mark_dead_stones(ServerLink& link) {
  const std::set<std::string>& target = *engine_dead_;
  const std::set<std::string> current = track_.dead();
  std::set<std::string> covered;
  own_scoring_events_ = 0;
  auto toggle = [&](const std::string& vertex, bool dead) {
    if (covered.count(vertex)) return;
    const auto chain = track_.chain_of(vertex);
    covered.insert(chain.begin(), chain.end());
    Json message = request("game.dead");
    message["vertex"] = vertex;
    message["dead"] = dead;
    if (link.call_ok(std::move(message), "game " + std::to_string(track_.id()))) ++own_scoring_events_;
  };
  for (const auto& vertex : target) {
    if (!current.count(vertex)) toggle(vertex, true);
  }
  for (const auto& vertex : current) {
    if (!target.count(vertex)) toggle(vertex, false);
  }
  if (!link.up()) return;
  marking_done_ = true;
  if (own_scoring_events_ == 0) judge_marking(link);
}

void GameDriver::judge_marking(ServerLink& link) {
  if (!engine_dead_ || track_.phase() != "scoring") return;
  if (track_.dead() == *engine_dead_) {
    if (!track_.accepted_by(track_.my_color())) {
      spdlog::info("game {}: accepting the marking ({})", track_.id(), join(track_.dead()));
      // Names the marking just compared: if it changed meanwhile the server
      // refuses, and the game.scoring with the change brings us back here.
      Json accept = request("game.score.accept");
      accept["marking_version"] = track_.marking_version();
      link.call_ok(std::move(accept), "game " + std::to_string(track_.id()));
    }
    return;
  }
  // The opponent marked differently from what the engine sees: settle it on
  // the board.
  spdlog::info("game {}: marking {} differs from the engine's {}; resuming play", track_.id(), join(track_.dead()),
               join(*engine_dead_));
  chat("We see the dead stones differently; let us play on.", link);
  if (link.call_ok(request("game.score.resume"), "game " + std::to_string(track_.id()))) {
    track_.resume_play();
    engine_dead_.reset();
    marking_done_ = false;
  }
}

}  // namespace yunzi::bot
