#include "server/cluster/retired_subscriptions.hpp"

#include <algorithm>

namespace yunzi::cluster {

std::uint64_t RetiredSubscriptions::add(natsSubscription* subscription) {
  std::lock_guard lock(mutex_);
  retired_.push_back({subscription, ++last_number_});
  return last_number_;
}

void RetiredSubscriptions::destroy_through(std::uint64_t number) {
  std::vector<natsSubscription*> safe;
  {
    std::lock_guard lock(mutex_);
    auto kept_end = std::partition(retired_.begin(), retired_.end(),
                                   [&](const Retired& retired) { return retired.number > number; });
    for (auto it = kept_end; it != retired_.end(); ++it) safe.push_back(it->subscription);
    retired_.erase(kept_end, retired_.end());
  }
  for (natsSubscription* subscription : safe) natsSubscription_Destroy(subscription);
}

void RetiredSubscriptions::destroy_all() {
  std::vector<Retired> all;
  {
    std::lock_guard lock(mutex_);
    all.swap(retired_);
  }
  for (const Retired& retired : all) natsSubscription_Destroy(retired.subscription);
}

}  // namespace yunzi::cluster
