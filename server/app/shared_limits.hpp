// The login throttle and the sign-up cap held across the nodes of a cluster
// with NATS: each node tells the others every attempt it reserves and gives
// back (yunzi.accounts.limits), and counts theirs as its own, so guesses or
// sign-ups spread over the nodes meet the limits of one node. At most once,
// like every NATS message, and a few milliseconds late: attempts sent at the
// same instant to several nodes may each pass before the others hear.
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include "core/expected.hpp"
#include "server/accounts/accounts.hpp"
#include "server/cluster/bus.hpp"

namespace yunzi::app {

class SharedLimits {
 public:
  explicit SharedLimits(accounts::Accounts& accounts) : accounts_(accounts) {}

  // `address` (<node>.<boot>) tells this node's own messages apart. Before
  // the server serves; stop before the bus stops.
  Expected<Done, std::string> start_on(cluster::Bus& bus, std::string address);
  void stop();

 private:
  void heard(const cluster::BusMessage& message);

  accounts::Accounts& accounts_;
  cluster::Bus* bus_ = nullptr;
  std::string address_;
  std::mutex mutex_;
  std::optional<cluster::Subscription> subscription_;
};

}  // namespace yunzi::app
