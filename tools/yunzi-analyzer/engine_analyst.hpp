// One GTP engine reviewing games position by position. Engines that speak
// KataGo's kata-analyze or Leela Zero's lz-analyze are searched for a
// number of visits or seconds a position, and give the win rate, the score
// lead (KataGo) and their best moves with lines; any other engine (GNU Go)
// gives estimate_score and its top_moves_<color>, that is a score guess
// and the moves it likes, without a win rate. Every figure is turned to
// Black's side, as the server keeps them.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/expected.hpp"
#include "tools/gtp_client/gtp_process.hpp"

namespace yunzi::analyzer {

struct AnalystSettings {
  std::vector<std::string> engine;  // argv; the first word is the program's path
  std::int64_t visits = 200;        // the visits a position gets from kata-analyze / lz-analyze
  std::chrono::milliseconds most_per_position{10'000};
  std::size_t best_moves = 5;  // kept of each position
};

enum class AnalysisDialect { kata, leela, plain };

class EngineAnalyst {
 public:
  static Expected<EngineAnalyst, std::string> start(const AnalystSettings& settings);

  AnalysisDialect dialect() const { return dialect_; }
  const std::string& engine_name() const { return name_; }

  // The job as analysis.claim gives it; `on_position` gets each position's
  // analysis (the protocol's form) in order and returns false to stop.
  Expected<Done, std::string> analyse(const nlohmann::json& job,
                                      const std::function<bool(const nlohmann::json& position)>& on_position);

 private:
  EngineAnalyst(gtp::GtpProcess process, AnalysisDialect dialect, std::string name, AnalystSettings settings)
      : process_(std::move(process)), dialect_(dialect), name_(std::move(name)), settings_(std::move(settings)) {}

  Expected<nlohmann::json, std::string> searched(const std::string& color, int move);
  Expected<nlohmann::json, std::string> estimated(const std::string& color, int move);

  gtp::GtpProcess process_;
  AnalysisDialect dialect_;
  std::string name_;
  AnalystSettings settings_;
};

}  // namespace yunzi::analyzer
