// Limits password guessing with three token-bucket allowances (per name and address, per name, per address;
// server/accounts/README.md, "Limits"). An attempt is reserved under the lock before its password is hashed, so a
// burst checks no more passwords than the allowances hold; a correct password gives it back. A name with no recent
// failure passes the address allowance (players share NATs). Thread-safe; the clock is passed in for the tests.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/expected.hpp"

namespace yunzi::accounts {

// `burst` attempts at once, then one more every `refill_ms`.
struct Allowance {
  int burst = 1;
  std::int64_t refill_ms = 60'000;
  friend bool operator==(const Allowance&, const Allowance&) = default;
};

struct ThrottleOptions {
  Allowance per_name_address{5, 60'000};
  Allowance per_name{10, 300'000};
  Allowance per_address{50, 10'000};
  std::size_t max_tracked = 100'000;  // entries per table; the least limited go first beyond it
  friend bool operator==(const ThrottleOptions&, const ThrottleOptions&) = default;
};

// A reserved attempt: give it back through the throttle when it ends.
struct LoginAttempt {
  std::string name_key;
  std::string address;
  bool charged_address = false;  // false when the address was spent but the name was fresh
};

// How long the caller must wait before the next attempt.
struct LoginWait {
  std::int64_t ms = 0;
};

class LoginThrottle {
 public:
  explicit LoginThrottle(ThrottleOptions options = {}) : options_(options) {}

  // Takes one attempt from each allowance concerned, or says how long to wait.
  Expected<LoginAttempt, LoginWait> reserve(std::string_view name_key, std::string_view address, std::int64_t now_ms);
  // The password was right: the attempt is given back and the name may be
  // tried from this address as if never guessed at.
  void succeeded(const LoginAttempt& attempt, std::int64_t now_ms);
  // No password was checked (the server failed first): the attempt is given back.
  void release(const LoginAttempt& attempt, std::int64_t now_ms);
  // A wrong password keeps its reservation: nothing to call.
  // Another node of a cluster reserved this attempt: it is charged here too, without a check.
  void charged_elsewhere(const LoginAttempt& attempt, std::int64_t now_ms);

  // Attempts still charged to the name (all addresses), for logs and tests.
  int recent_failures_of_name(std::string_view name_key, std::int64_t now_ms) const;

 private:
  // An allowance's state as one time: when it will be whole again (GCRA).
  using Table = std::unordered_map<std::string, std::int64_t>;

  static std::int64_t full_at(const Table& table, const std::string& key);
  // How long until one attempt fits, 0 when it fits now.
  static std::int64_t wait_for(const Table& table, const std::string& key, const Allowance& allowance,
                               std::int64_t now_ms);
  void take(Table& table, const std::string& key, const Allowance& allowance, std::int64_t now_ms);
  static void give_back(Table& table, const std::string& key, const Allowance& allowance, std::int64_t now_ms);
  void make_room(Table& table, std::int64_t now_ms) const;
  static std::string pair_key(std::string_view name_key, std::string_view address);

  ThrottleOptions options_;
  mutable std::mutex mutex_;
  Table by_pair_;
  Table by_name_;
  Table by_address_;
};

}  // namespace yunzi::accounts
