#include "server/app/latency_histogram.hpp"

#include <algorithm>
#include <cstdio>

namespace yunzi::app {

void LatencyHistogram::observe(std::chrono::microseconds duration) {
  const std::int64_t us = std::max<std::int64_t>(duration.count(), 0);
  const auto bucket = static_cast<std::size_t>(std::lower_bound(bounds_us.begin(), bounds_us.end(), us) - bounds_us.begin());
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_us_.fetch_add(static_cast<std::uint64_t>(us), std::memory_order_relaxed);
}

std::string LatencyHistogram::render(std::string_view name, std::string_view help) const {
  const std::string base(name);
  std::string out = "# HELP " + base + " " + std::string(help) + "\n# TYPE " + base + " histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    std::string le = "+Inf";
    if (i < bounds_us.size()) {
      char text[32];
      std::snprintf(text, sizeof text, "%g", static_cast<double>(bounds_us[i]) / 1e6);
      le = text;
    }
    out += base + "_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
  }
  char sum[32];
  std::snprintf(sum, sizeof sum, "%.6f", static_cast<double>(sum_us_.load(std::memory_order_relaxed)) / 1e6);
  out += base + "_sum " + sum + "\n";
  out += base + "_count " + std::to_string(cumulative) + "\n";
  return out;
}

}  // namespace yunzi::app
