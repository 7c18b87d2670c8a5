// A point in time for people reading logs, audit entries and refusals:
// "2024-05-01 12:00 UTC"; and the day alone, "2024-05-01", for records
// (an SGF's DT, a tournament's days of play). One spelling for the server
// and the tools.
#pragma once

#include <string>

#include "db/records.hpp"

namespace yunzi::db {

// Minutes in UTC; the number itself when the time cannot be shown.
std::string utc_time_text(TimeMs unix_ms);
// The day in UTC, YYYY-MM-DD; the number itself when it cannot be shown.
std::string utc_date_text(TimeMs unix_ms);

}  // namespace yunzi::db
