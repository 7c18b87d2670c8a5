// Round-trip times from WebSocket ping/pong: keeps the last few samples and
// answers their median, which shrugs off a single delayed pong.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <optional>

namespace yunzi::net {

class RttTracker {
 public:
  static constexpr std::size_t kSamples = 5;

  void add(std::chrono::microseconds sample);
  std::optional<std::chrono::microseconds> median() const;

 private:
  std::array<std::chrono::microseconds, kSamples> samples_{};
  std::size_t count_ = 0;  // samples held, up to kSamples
  std::size_t next_ = 0;   // slot the next sample overwrites
};

}  // namespace yunzi::net
