#include "tools/yunzi-loadgen/latency_samples.hpp"

#include <algorithm>
#include <cmath>

namespace yunzi::loadgen {

LatencySummary LatencySamples::summary() const {
  LatencySummary out;
  out.count = samples_.size();
  if (samples_.empty()) return out;
  std::vector<std::int64_t> sorted = samples_;
  std::sort(sorted.begin(), sorted.end());
  const auto at = [&](double fraction) {
    const auto rank = static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
    return static_cast<double>(sorted[std::max<std::size_t>(rank, 1) - 1]) / 1000.0;
  };
  out.p50_ms = at(0.50);
  out.p95_ms = at(0.95);
  out.p99_ms = at(0.99);
  out.max_ms = static_cast<double>(sorted.back()) / 1000.0;
  return out;
}

}  // namespace yunzi::loadgen
