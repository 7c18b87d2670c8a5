// A problem in its three forms on the server: tsumego's (read from SGF),
// the library's row (db::NewProblem, db::ProblemRecord) and the wire's
// (protocol/problem_messages.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/problem_store.hpp"
#include "protocol/problem_messages.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::problems {

// The part of the board to draw: the region and the stones, a line of margin, as two GTP corners "A19 E15".
std::string view_of(const tsumego::Problem& problem);

// The row of a problem whose goal is known (stated, or worked out by the verifier); `grade` when it states none.
db::NewProblem row_of(const tsumego::Problem& problem, Rank grade);

protocol::ProblemSummary summary_of(const db::ProblemRecord& record);
// The whole problem: the record and the position its SGF text holds; nullopt when the text does not read.
std::optional<protocol::ProblemInfo> info_of(const db::ProblemRecord& record);
protocol::AttemptInfo attempt_info(const db::AttemptRecord& attempt);

}  // namespace yunzi::problems
