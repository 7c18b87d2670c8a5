// Per-connection message rate limit: a token bucket (steady rate, bounded
// burst) plus flood detection, i.e. too many rejected messages within a short
// window. Time is passed in so the rules are testable without waiting.
#pragma once

#include <chrono>

namespace yunzi::net {

enum class RateVerdict {
  allowed,  // within the rate
  limited,  // over the rate: answer `rate_limited`
  flood,    // over the rate persistently: disconnect
};

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RateLimiter(double per_second, double burst, unsigned flood_rejections, std::chrono::milliseconds flood_window,
              Clock::time_point now);

  RateVerdict on_message(Clock::time_point now);

 private:
  void refill(Clock::time_point now);

  double per_second_;
  double burst_;
  double tokens_;
  Clock::time_point last_refill_;
  unsigned flood_rejections_;
  std::chrono::milliseconds flood_window_;
  unsigned rejections_in_window_ = 0;
  Clock::time_point window_start_;
};

}  // namespace yunzi::net
