// The login throttle, the sign-up cap and the quotas per user held across the nodes of a cluster with NATS: each
// node tells the others every use it reserves or gives back (yunzi.accounts.limits) and counts theirs as its own.
// At most once and a few milliseconds late: attempts sent at the same instant to several nodes may each pass
// (server/node/README.md, "Over the bus").
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/expected.hpp"
#include "server/accounts/accounts.hpp"
#include "server/cluster/bus.hpp"
#include "server/session/window_quota.hpp"

namespace yunzi::node {

class SharedLimits {
 public:
  SharedLimits(accounts::Accounts& accounts, std::vector<session::SharedQuota> quotas)
      : accounts_(accounts), quotas_(std::move(quotas)) {}

  // `address` (<node>.<boot>) tells this node's own messages apart. Before
  // the server serves; stop before the bus stops.
  Expected<Done, std::string> start_on(cluster::Bus& bus, std::string address);
  void stop();

 private:
  void heard(const cluster::BusMessage& message);
  void heard_quota(const nlohmann::json& message);

  accounts::Accounts& accounts_;
  const std::vector<session::SharedQuota> quotas_;
  cluster::Bus* bus_ = nullptr;
  std::string address_;
  std::mutex mutex_;
  std::optional<cluster::Subscription> subscription_;
};

}  // namespace yunzi::node
