// The analyzer's work: log in as the bot account, claim a review, run the
// engine over it and report the positions as they come (at most
// report_every at a time, and at least every 15 s so the server keeps the
// review this worker's), finish it; tell the server when the engine fails
// (the review then waits for another run) and start the engine again. A
// lost connection is made again with back-off; the server has meanwhile
// queued the review again, and the next claim gives it back.
#pragma once

#include "tools/yunzi-analyzer/analyzer_config.hpp"

namespace yunzi::analyzer {

// Exit codes: 0 after --once found the queue empty, 3 when the engine cannot
// be started (at start or after a failure).
int run_review_worker(const AnalyzerConfig& config);

}  // namespace yunzi::analyzer
