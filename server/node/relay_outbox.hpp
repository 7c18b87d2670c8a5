// What the games of this node send to the connections of one other node (internal to the game relay): a frame for
// several of them crosses the bus once, and frames that pile up while the outbox is busy go in one message
// (relay_batch.hpp). A room only hands frames over (one lock and a pointer copy per follower); the outbox's strand
// publishes in the order they came, so every connection gets its frames in the room's order.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include "server/cluster/bus.hpp"
#include "server/node/relay_batch.hpp"

namespace yunzi::node::relay_wire {

// What the outboxes of a relay have sent, for /metrics; any thread.
struct OutboxCounts {
  std::atomic<std::uint64_t> messages{0};
  std::atomic<std::uint64_t> deliveries{0};  // frames times the connections each was for
};

class NodeOutbox : public std::enable_shared_from_this<NodeOutbox> {
 public:
  // `subject`: where the other node hears the frames for its connections.
  NodeOutbox(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string subject,
             std::shared_ptr<OutboxCounts> counts);

  void add(std::uint64_t connection, std::shared_ptr<const std::string> frame);

 private:
  void flush();
  void publish(const std::string& payload);

  cluster::Bus& bus_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const std::string subject_;
  const std::shared_ptr<OutboxCounts> counts_;
  std::mutex mutex_;
  std::vector<FrameRecord> pending_;
};

}  // namespace yunzi::node::relay_wire
