#include "server/accounts/login_throttle.hpp"

#include <algorithm>

namespace yunzi::accounts {

std::int64_t LoginThrottle::delay_after(int failures) const {
  const int beyond = failures - options_.free_failures;
  if (beyond <= 0) return 0;
  std::int64_t delay = options_.base_delay_ms;
  for (int i = 1; i < beyond && delay < options_.max_delay_ms; ++i) delay *= 2;
  return std::min(delay, options_.max_delay_ms);
}

std::optional<std::int64_t> LoginThrottle::wait_for(const std::unordered_map<std::string, Entry>& table,
                                                    std::string_view key, std::int64_t now_ms) const {
  const auto found = table.find(std::string(key));
  if (found == table.end()) return std::nullopt;
  const std::int64_t ready_at = found->second.last_failure_ms + delay_after(found->second.failures);
  if (now_ms >= ready_at) return std::nullopt;
  return ready_at - now_ms;
}

std::optional<std::int64_t> LoginThrottle::wait_before_attempt(std::string_view name_key, std::string_view address,
                                                               std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  const auto by_name = wait_for(by_name_, name_key, now_ms);
  const auto by_address = wait_for(by_address_, address, now_ms);
  if (by_name && by_address) return std::max(*by_name, *by_address);
  return by_name ? by_name : by_address;
}

void LoginThrottle::bump(std::unordered_map<std::string, Entry>& table, std::string_view key, std::int64_t now_ms) {
  if (table.size() >= options_.max_tracked) {
    // Forget entries whose longest possible delay has passed; they no longer
    // slow anyone down.
    std::erase_if(table, [&](const auto& item) {
      return now_ms - item.second.last_failure_ms > options_.max_delay_ms;
    });
  }
  Entry& entry = table[std::string(key)];
  ++entry.failures;
  entry.last_failure_ms = now_ms;
}

void LoginThrottle::record_failure(std::string_view name_key, std::string_view address, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  bump(by_name_, name_key, now_ms);
  bump(by_address_, address, now_ms);
}

void LoginThrottle::record_success(std::string_view name_key) {
  std::lock_guard lock(mutex_);
  by_name_.erase(std::string(name_key));
}

int LoginThrottle::failures_of_name(std::string_view name_key) const {
  std::lock_guard lock(mutex_);
  const auto found = by_name_.find(std::string(name_key));
  return found == by_name_.end() ? 0 : found->second.failures;
}

}  // namespace yunzi::accounts
