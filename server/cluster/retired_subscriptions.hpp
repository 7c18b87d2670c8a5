// libnats's handles of completed subscriptions, kept until they can be destroyed safely (internal to
// server/cluster): libnats 3.4's reader thread goes on using a subscription without a reference (nats.c issue 637).
// A numbered message to the bus's own inbox tells when the reader is past them (server/cluster/README.md, "libnats,
// process-wide"); what is left goes once the connection is closed and its reader joined.
#pragma once

#include <nats/nats.h>

#include <cstdint>
#include <mutex>
#include <vector>

namespace yunzi::cluster {

class RetiredSubscriptions {
 public:
  RetiredSubscriptions() = default;
  RetiredSubscriptions(const RetiredSubscriptions&) = delete;
  RetiredSubscriptions& operator=(const RetiredSubscriptions&) = delete;

  // The number the message proving it safe must carry.
  std::uint64_t add(natsSubscription* subscription);
  void destroy_through(std::uint64_t number);
  void destroy_all();

 private:
  struct Retired {
    natsSubscription* subscription;
    std::uint64_t number;
  };

  std::mutex mutex_;
  std::vector<Retired> retired_;
  std::uint64_t last_number_ = 0;
};

}  // namespace yunzi::cluster
