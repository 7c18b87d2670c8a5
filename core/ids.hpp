// The ids of stored things, as the store assigns them (SQLite rowids), and
// times as Unix milliseconds.
#pragma once

#include <cstdint>

namespace yunzi {

using UserId = std::int64_t;
using GameId = std::int64_t;
using BoardId = std::int64_t;
using TournamentId = std::int64_t;
using ProblemId = std::int64_t;
using TimeMs = std::int64_t;

}  // namespace yunzi
