// The wall clock in Unix milliseconds: the clock of the accounts, the App and
// the lease keeper.
#pragma once

#include <chrono>
#include <cstdint>

namespace yunzi::server_main {

inline std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace yunzi::server_main
