// A point in time for people reading logs, audit entries and refusals:
// "2024-05-01 12:00 UTC". One spelling for the server and the tools.
#pragma once

#include <string>

#include "db/records.hpp"

namespace yunzi::db {

// Minutes in UTC; the number itself when the time cannot be shown.
std::string utc_time_text(TimeMs unix_ms);

}  // namespace yunzi::db
