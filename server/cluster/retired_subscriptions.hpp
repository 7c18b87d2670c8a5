// libnats's handles of the subscriptions that completed, waiting until they
// can be destroyed safely (internal to server/cluster).
//
// libnats 3.4's reader thread looks a subscription up and goes on using it
// without holding a reference (nats.c issue 637, fixed in 3.6): destroyed at
// its completion, a subscription could still be in the reader's hands. Each
// completed one therefore waits here under a number; the bus sends a
// message with that number to its own inbox, and when it comes back through
// the same reader thread, that thread is past every earlier message, so
// every handle up to that number may go. What is left goes once the
// connection is closed and its reader joined.
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
