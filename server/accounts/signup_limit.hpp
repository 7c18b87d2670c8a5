// Caps the accounts one address may create: at most `per_hour` in any
// hour (a sliding window), counting sign-ups still in progress, so a
// burst sent at once on many connections cannot pass the cap. A sign-up
// that ends without an account gives its slot back. Kept in memory, bounded;
// the clock is passed in. Thread-safe.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::accounts {

inline constexpr std::int64_t signup_window_ms = 3'600'000;

struct SignupOptions {
  int per_hour = 10;
  std::size_t max_tracked = 100'000;  // addresses; the longest quiet go first beyond it
  friend bool operator==(const SignupOptions&, const SignupOptions&) = default;
};

struct SignupSlot {
  std::string address;
  std::int64_t at_ms = 0;
};

struct SignupWait {
  std::int64_t ms = 0;
};

class SignupLimit {
 public:
  explicit SignupLimit(SignupOptions options = {}) : options_(options) {}

  Expected<SignupSlot, SignupWait> reserve(std::string_view address, std::int64_t now_ms);
  // The sign-up created no account.
  void release(const SignupSlot& slot);
  // Another node of a cluster reserved this slot: it counts here too, without a check.
  void reserved_elsewhere(const SignupSlot& slot);

  const SignupOptions& options() const { return options_; }

 private:
  using Times = std::vector<std::int64_t>;
  void make_room(std::int64_t now_ms);

  SignupOptions options_;
  std::mutex mutex_;
  std::unordered_map<std::string, Times> by_address_;
};

}  // namespace yunzi::accounts
