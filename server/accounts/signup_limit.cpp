#include "server/accounts/signup_limit.hpp"

#include <algorithm>
#include <limits>

namespace yunzi::accounts {
namespace {

// The wall clock may step back, so the times are not assumed in order.
std::int64_t newest_of(const std::vector<std::int64_t>& times) {
  return times.empty() ? std::numeric_limits<std::int64_t>::min() : *std::max_element(times.begin(), times.end());
}

}  // namespace

void SignupLimit::make_room(std::int64_t now_ms) {
  if (by_address_.size() < options_.max_tracked) return;
  const std::int64_t window_start = now_ms - signup_window_ms;
  std::erase_if(by_address_, [&](const auto& item) { return newest_of(item.second) <= window_start; });
  if (by_address_.size() < options_.max_tracked) return;
  // Still full of recent sign-ups (a wide attack): the quarter quiet the longest goes.
  std::vector<std::int64_t> newest;
  newest.reserve(by_address_.size());
  for (const auto& item : by_address_) newest.push_back(newest_of(item.second));
  const auto cut = newest.begin() + static_cast<std::ptrdiff_t>(newest.size() / 4);
  std::nth_element(newest.begin(), cut, newest.end());
  const std::int64_t threshold = *cut;
  std::erase_if(by_address_, [&](const auto& item) { return newest_of(item.second) <= threshold; });
}

Expected<SignupSlot, SignupWait> SignupLimit::reserve(std::string_view address, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto found = by_address_.find(std::string(address));
  if (found == by_address_.end()) {
    make_room(now_ms);
    found = by_address_.emplace(std::string(address), Times{}).first;
  }
  Times& times = found->second;
  const std::int64_t window_start = now_ms - signup_window_ms;
  std::erase_if(times, [&](std::int64_t at) { return at <= window_start; });
  if (static_cast<int>(times.size()) >= options_.per_hour) {
    return unexpected(SignupWait{*std::min_element(times.begin(), times.end()) + signup_window_ms - now_ms});
  }
  times.push_back(now_ms);
  return SignupSlot{std::string(address), now_ms};
}

void SignupLimit::reserved_elsewhere(const SignupSlot& slot) {
  std::lock_guard lock(mutex_);
  auto found = by_address_.find(slot.address);
  if (found == by_address_.end()) {
    make_room(slot.at_ms);
    found = by_address_.emplace(slot.address, Times{}).first;
  }
  found->second.push_back(slot.at_ms);
}

void SignupLimit::release(const SignupSlot& slot) {
  std::lock_guard lock(mutex_);
  const auto found = by_address_.find(slot.address);
  if (found == by_address_.end()) return;
  Times& times = found->second;
  if (const auto at = std::find(times.begin(), times.end(), slot.at_ms); at != times.end()) times.erase(at);
  if (times.empty()) by_address_.erase(found);
}

}  // namespace yunzi::accounts
