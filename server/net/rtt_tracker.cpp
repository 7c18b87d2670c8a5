#include "server/net/rtt_tracker.hpp"

#include <algorithm>

namespace yunzi::net {

void RttTracker::add(std::chrono::microseconds sample) {
  samples_[next_] = sample;
  next_ = (next_ + 1) % kSamples;
  count_ = std::min(count_ + 1, kSamples);
}

std::optional<std::chrono::microseconds> RttTracker::median() const {
  if (count_ == 0) return std::nullopt;
  std::array<std::chrono::microseconds, kSamples> sorted = samples_;
  std::sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(count_));
  if (count_ % 2 == 1) return sorted[count_ / 2];
  return (sorted[count_ / 2 - 1] + sorted[count_ / 2]) / 2;
}

}  // namespace yunzi::net
