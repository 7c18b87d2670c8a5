// The machine's review on the wire: a review's summary (status and
// progress), the positions as the engine saw them, a worker's job, and the
// events to the players who asked (analysis.progress, analysis.done).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/types.hpp"
#include "protocol/replies.hpp"
#include "protocol/requests.hpp"

namespace yunzi::protocol {

struct AnalysisSummary {
  std::int64_t game = 0;
  std::string engine;
  std::string status;                         // queued, running, done, failed
  int done = 0;                               // positions analysed so far
  int total = 0;                              // positions to analyse: the moves and the start
  std::optional<std::int64_t> queued_before;  // while queued: reviews ahead of it
  std::string failure;                        // once failed
};

// What a worker analyses: the game's start and its moves.
struct AnalysisJob {
  std::int64_t analysis = 0;
  std::int64_t game = 0;
  int size = 19;
  double komi = 7.5;
  std::vector<engine::Vertex> black_setup, white_setup;  // handicap stones
  std::vector<engine::Move> moves;
};

nlohmann::json to_json(const req::AnalysedPosition& position);

// analysis.request, analysis.get: the summary, and with a finished review its positions (a JSON array).
Frame reply_analysis(RequestId id, const AnalysisSummary& summary, const nlohmann::json* positions = nullptr);
// analysis.claim: the job, or null when none waits.
Frame reply_analysis_job(RequestId id, const std::optional<AnalysisJob>& job);
Frame analysis_progress(const AnalysisSummary& summary);
Frame analysis_done(const AnalysisSummary& summary);

}  // namespace yunzi::protocol
