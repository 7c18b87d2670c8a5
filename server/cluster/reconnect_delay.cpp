#include "server/cluster/reconnect_delay.hpp"

#include <algorithm>

namespace yunzi::cluster {

std::chrono::milliseconds reconnect_delay(int round, std::chrono::milliseconds base, std::chrono::milliseconds cap,
                                          double random) {
  const auto floor = std::chrono::milliseconds(1);
  base = std::max(base, floor);
  cap = std::max(cap, base);
  auto full = base;
  // Doubling stops at the cap, so it never overflows however long the outage.
  for (int i = 1; i < round && full < cap; ++i) full *= 2;
  full = std::min(full, cap);
  random = std::clamp(random, 0.0, 1.0);
  const auto half = full / 2;
  const auto spread = static_cast<std::chrono::milliseconds::rep>(static_cast<double>((full - half).count()) * random);
  return std::max(half + std::chrono::milliseconds(spread), floor);
}

}  // namespace yunzi::cluster
