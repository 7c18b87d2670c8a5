#include "server/net/rate_limiter.hpp"

#include <algorithm>

namespace yunzi::net {

RateLimiter::RateLimiter(double per_second, double burst, unsigned flood_rejections,
                         std::chrono::milliseconds flood_window, Clock::time_point now)
    : per_second_(per_second),
      burst_(burst),
      tokens_(burst),
      last_refill_(now),
      flood_rejections_(flood_rejections),
      flood_window_(flood_window),
      window_start_(now) {}

void RateLimiter::refill(Clock::time_point now) {
  if (now <= last_refill_) return;
  const std::chrono::duration<double> elapsed = now - last_refill_;
  tokens_ = std::min(burst_, tokens_ + elapsed.count() * per_second_);
  last_refill_ = now;
}

RateVerdict RateLimiter::on_message(Clock::time_point now) {
  refill(now);
  if (tokens_ >= 1.0) {
    tokens_ -= 1.0;
    return RateVerdict::allowed;
  }
  // Rejections are counted in fixed windows opened by the first rejection, so
  // an occasional burst over the limit never adds up to a flood.
  if (rejections_in_window_ == 0 || now - window_start_ > flood_window_) {
    window_start_ = now;
    rejections_in_window_ = 0;
  }
  ++rejections_in_window_;
  return rejections_in_window_ >= flood_rejections_ ? RateVerdict::flood : RateVerdict::limited;
}

}  // namespace yunzi::net
