#include "server/accounts/login_throttle.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace yunzi::accounts {

// Each table maps a key to the time its allowance is whole again: an
// attempt moves that time one refill later, and it fits while that time is
// at most `burst` refills ahead of now. A key whose time has passed is as
// good as absent.

std::string LoginThrottle::pair_key(std::string_view name_key, std::string_view address) {
  // Names never hold control characters, so the separator cannot be forged.
  std::string key(address);
  key += '\x1f';
  key += name_key;
  return key;
}

std::int64_t LoginThrottle::full_at(const Table& table, const std::string& key) {
  const auto found = table.find(key);
  return found == table.end() ? std::numeric_limits<std::int64_t>::min() : found->second;
}

std::int64_t LoginThrottle::wait_for(const Table& table, const std::string& key, const Allowance& allowance,
                                     std::int64_t now_ms) {
  const std::int64_t after_attempt = std::max(full_at(table, key), now_ms) + allowance.refill_ms;
  const std::int64_t latest_allowed = now_ms + std::int64_t{allowance.burst} * allowance.refill_ms;
  return std::max<std::int64_t>(0, after_attempt - latest_allowed);
}

void LoginThrottle::make_room(Table& table, std::int64_t now_ms) const {
  if (table.size() < options_.max_tracked) return;
  std::erase_if(table, [&](const auto& item) { return item.second <= now_ms; });
  if (table.size() < options_.max_tracked) return;
  // Still full of live entries (a wide attack): the quarter closest to whole
  // goes, so the most limited keys are the ones remembered.
  std::vector<std::int64_t> times;
  times.reserve(table.size());
  for (const auto& item : table) times.push_back(item.second);
  const auto cut = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 4);
  std::nth_element(times.begin(), cut, times.end());
  const std::int64_t threshold = *cut;
  std::erase_if(table, [&](const auto& item) { return item.second <= threshold; });
}

void LoginThrottle::take(Table& table, const std::string& key, const Allowance& allowance, std::int64_t now_ms) {
  auto found = table.find(key);
  if (found == table.end()) {
    make_room(table, now_ms);
    found = table.emplace(key, now_ms).first;
  }
  found->second = std::max(found->second, now_ms) + allowance.refill_ms;
}

void LoginThrottle::give_back(Table& table, const std::string& key, const Allowance& allowance, std::int64_t now_ms) {
  const auto found = table.find(key);
  if (found == table.end()) return;
  found->second -= allowance.refill_ms;
  if (found->second <= now_ms) table.erase(found);
}

Expected<LoginAttempt, LoginWait> LoginThrottle::reserve(std::string_view name_key, std::string_view address,
                                                         std::int64_t now_ms) {
  const std::string pair = pair_key(name_key, address);
  const std::string name(name_key);
  const std::string from(address);
  std::lock_guard lock(mutex_);
  const std::int64_t own_wait = std::max(wait_for(by_pair_, pair, options_.per_name_address, now_ms),
                                         wait_for(by_name_, name, options_.per_name, now_ms));
  if (own_wait > 0) return unexpected(LoginWait{own_wait});
  const std::int64_t address_wait = wait_for(by_address_, from, options_.per_address, now_ms);
  const bool name_fresh = full_at(by_name_, name) <= now_ms;
  if (address_wait > 0 && !name_fresh) return unexpected(LoginWait{address_wait});

  take(by_pair_, pair, options_.per_name_address, now_ms);
  take(by_name_, name, options_.per_name, now_ms);
  LoginAttempt attempt{name, from, address_wait == 0};
  if (attempt.charged_address) take(by_address_, from, options_.per_address, now_ms);
  return attempt;
}

void LoginThrottle::charged_elsewhere(const LoginAttempt& attempt, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  take(by_pair_, pair_key(attempt.name_key, attempt.address), options_.per_name_address, now_ms);
  take(by_name_, attempt.name_key, options_.per_name, now_ms);
  if (attempt.charged_address) take(by_address_, attempt.address, options_.per_address, now_ms);
}

void LoginThrottle::succeeded(const LoginAttempt& attempt, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  by_pair_.erase(pair_key(attempt.name_key, attempt.address));
  give_back(by_name_, attempt.name_key, options_.per_name, now_ms);
  if (attempt.charged_address) give_back(by_address_, attempt.address, options_.per_address, now_ms);
}

void LoginThrottle::release(const LoginAttempt& attempt, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  give_back(by_pair_, pair_key(attempt.name_key, attempt.address), options_.per_name_address, now_ms);
  give_back(by_name_, attempt.name_key, options_.per_name, now_ms);
  if (attempt.charged_address) give_back(by_address_, attempt.address, options_.per_address, now_ms);
}

int LoginThrottle::recent_failures_of_name(std::string_view name_key, std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  const std::int64_t whole_at = full_at(by_name_, std::string(name_key));
  if (whole_at <= now_ms) return 0;
  const std::int64_t ahead = whole_at - now_ms;
  const std::int64_t refill = options_.per_name.refill_ms;
  return static_cast<int>((ahead + refill - 1) / refill);
}

}  // namespace yunzi::accounts
