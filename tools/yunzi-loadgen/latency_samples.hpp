// Latency samples in microseconds with exact percentiles. A run keeps every
// sample (a few hundred thousand at most), so nothing is lost to buckets.
#pragma once

#include <cstdint>
#include <vector>

namespace yunzi::loadgen {

struct LatencySummary {
  std::size_t count = 0;
  double p50_ms = 0;
  double p95_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
};

class LatencySamples {
 public:
  void add(std::int64_t microseconds) { samples_.push_back(microseconds < 0 ? 0 : microseconds); }
  void clear() { samples_.clear(); }
  std::size_t size() const { return samples_.size(); }
  // Nearest-rank percentiles; all zero when there is no sample.
  LatencySummary summary() const;

 private:
  std::vector<std::int64_t> samples_;
};

}  // namespace yunzi::loadgen
