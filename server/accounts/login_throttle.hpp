// Slows password guessing: after a few failed logins for one name, or from
// one address, each further attempt must wait twice as long as the last
// (base, 2x base, 4x base, ... up to a ceiling). Kept in memory; the clock is
// passed in so tests control time. Thread-safe.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace yunzi::accounts {

struct ThrottleOptions {
  int free_failures = 3;               // failures allowed before any delay
  std::int64_t base_delay_ms = 1'000;  // delay after the first failure beyond them
  std::int64_t max_delay_ms = 15 * 60'000;
  std::size_t max_tracked = 100'000;   // entries kept before stale ones are dropped
};

class LoginThrottle {
 public:
  explicit LoginThrottle(ThrottleOptions options = {}) : options_(options) {}

  // How long the caller must still wait (ms) before trying this name or
  // this address again; nullopt when an attempt is allowed now.
  std::optional<std::int64_t> wait_before_attempt(std::string_view name_key, std::string_view address,
                                                  std::int64_t now_ms) const;
  void record_failure(std::string_view name_key, std::string_view address, std::int64_t now_ms);
  // A correct password clears the name's record (the address keeps its own).
  void record_success(std::string_view name_key);
  int failures_of_name(std::string_view name_key) const;

 private:
  struct Entry {
    int failures = 0;
    std::int64_t last_failure_ms = 0;
  };
  std::optional<std::int64_t> wait_for(const std::unordered_map<std::string, Entry>& table, std::string_view key,
                                       std::int64_t now_ms) const;
  std::int64_t delay_after(int failures) const;
  void bump(std::unordered_map<std::string, Entry>& table, std::string_view key, std::int64_t now_ms);

  ThrottleOptions options_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> by_name_;
  std::unordered_map<std::string, Entry> by_address_;
};

}  // namespace yunzi::accounts
