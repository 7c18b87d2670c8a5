// A Prometheus histogram of durations with fixed buckets from 0.5 ms to
// 2.5 s: relaxed atomics, observed from any thread, rendered as the
// cumulative `_bucket{le=...}` lines with `_sum` and `_count`.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace yunzi::app {

class LatencyHistogram {
 public:
  static constexpr std::array<std::int64_t, 12> bounds_us{500,    1'000,   2'500,   5'000,   10'000,  25'000,
                                                          50'000, 100'000, 250'000, 500'000, 1'000'000, 2'500'000};

  void observe(std::chrono::microseconds duration);
  std::string render(std::string_view name, std::string_view help) const;

 private:
  std::array<std::atomic<std::uint64_t>, bounds_us.size() + 1> counts_{};  // the last one: above every bound
  std::atomic<std::uint64_t> sum_us_{0};
};

}  // namespace yunzi::app
