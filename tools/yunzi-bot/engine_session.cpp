#include "tools/yunzi-bot/engine_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/color.hpp"
#include "tools/yunzi-bot/time_budget.hpp"

namespace yunzi::bot {

using gtp::GtpError;
using gtp::GtpErrorKind;

namespace {

std::string komi_text(double komi) {
  std::ostringstream out;
  out << komi;
  return out.str();
}

std::string gtp_color(const std::string& color) {
  return std::string(1, to_letter(color == "white" ? Color::white : Color::black));
}

}  // namespace

Expected<std::string, GtpError> EngineSession::send(const std::string& command, Millis timeout) {
  if (!running()) return unexpected(GtpError{GtpErrorKind::not_running, "the engine is not running"});
  spdlog::trace("engine {} << {}", process_->pid(), command);
  auto answer = process_->send(command, timeout);
  if (!answer) {
    spdlog::debug("engine << {}: {} ({})", command, answer.error().message, gtp::to_string(answer.error().kind));
  }
  return answer;
}

Expected<Done, GtpError> EngineSession::start(Millis timeout) {
  stop();
  auto process = gtp::GtpProcess::start(command_);
  if (!process) return unexpected(process.error());
  process_.emplace(std::move(*process));
  ++starts_;
  spdlog::info("engine started: pid {} ({})", process_->pid(), command_.front());
  // The name is for the greeting only; an engine without it is still fine.
  if (name_.empty()) {
    auto name = send("name", timeout);
    if (!name && name.error().kind != GtpErrorKind::failure) return unexpected(name.error());
    if (name) {
      name_ = *name;
      if (auto version = send("version", timeout); version && !version->empty()) name_ += " " + *version;
    }
  }
  return Done{};
}

void EngineSession::stop() {
  process_.reset();  // GtpProcess closes the engine's input and reaps it
  spec_sent_.reset();
  moves_sent_.clear();
}

Expected<Done, GtpError> EngineSession::setup(const GameSpec& spec, Millis timeout) {
  for (const std::string& command :
       {"boardsize " + std::to_string(spec.size), std::string("clear_board"), "komi " + komi_text(spec.komi)}) {
    if (auto ok = send(command, timeout); !ok) return unexpected(ok.error());
  }
  if (!spec.handicap_stones.empty()) {
    std::string stones;
    for (const auto& stone : spec.handicap_stones) stones += " " + stone;
    // set_free_handicap puts exactly the server's stones; an engine without
    // it gets the standard points, which is where the server puts them too.
    auto placed = send("set_free_handicap" + stones, timeout);
    if (!placed) {
      if (placed.error().kind != GtpErrorKind::failure) return unexpected(placed.error());
      auto fixed = send("fixed_handicap " + std::to_string(spec.handicap_stones.size()), timeout);
      if (!fixed) return unexpected(fixed.error());
    }
  }
  if (auto settings = spec.time.is_null() ? std::nullopt : gtp_time_settings(spec.time)) {
    // Time handling is optional in GTP: an engine that refuses it just plays.
    auto told = send(*settings, timeout);
    if (!told && told.error().kind != GtpErrorKind::failure) return unexpected(told.error());
  }
  spec_sent_ = spec;
  moves_sent_.clear();
  return Done{};
}

Expected<Done, GtpError> EngineSession::sync(const EnginePicture& picture, Millis timeout) {
  if (!running()) {
    if (auto ok = start(timeout); !ok) return ok;
  }
  const bool in_step = spec_sent_ && *spec_sent_ == picture.spec && moves_sent_.size() <= picture.moves.size() &&
                       std::equal(moves_sent_.begin(), moves_sent_.end(), picture.moves.begin());
  if (!in_step) {
    if (auto ok = setup(picture.spec, timeout); !ok) return ok;
  }
  for (std::size_t i = moves_sent_.size(); i < picture.moves.size(); ++i) {
    const PlayedMove& move = picture.moves[i];
    if (auto ok = send("play " + gtp_color(move.color) + " " + move.vertex, timeout); !ok)
      return unexpected(ok.error());
    moves_sent_.push_back(move);
  }
  return Done{};
}

Expected<std::string, GtpError> EngineSession::genmove(const std::string& color,
                                                       const std::optional<std::string>& time_left, Millis timeout) {
  if (time_left) {
    auto told = send(*time_left, std::min(timeout, Millis(5000)));
    if (!told && told.error().kind != GtpErrorKind::failure) return unexpected(told.error());
  }
  auto answer = send("genmove " + gtp_color(color), timeout);
  if (!answer) return answer;
  std::string move = *answer;
  std::transform(move.begin(), move.end(), move.begin(), [](unsigned char ch) { return std::toupper(ch); });
  if (move == "PASS") move = "pass";
  if (move == "RESIGN") move = "resign";
  if (move != "resign") moves_sent_.push_back(PlayedMove{color, move});
  return move;
}

Expected<std::vector<std::string>, GtpError> EngineSession::dead_stones(Millis timeout) {
  auto answer = send("final_status_list dead", timeout);
  if (!answer) return unexpected(answer.error());
  std::vector<std::string> stones;
  std::istringstream words(*answer);
  std::string word;
  while (words >> word) {
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char ch) { return std::toupper(ch); });
    stones.push_back(word);
  }
  return stones;
}

}  // namespace yunzi::bot
