#include "server/node/relay_outbox.hpp"

#include <boost/asio/defer.hpp>

namespace yunzi::node::relay_wire {
namespace {

// Well below NATS's default payload limit (1 MiB), which a message over it
// would fail; a busier moment's frames go in several messages.
constexpr std::size_t payload_budget = 256 * 1024;

}  // namespace

NodeOutbox::NodeOutbox(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string subject,
                       std::shared_ptr<OutboxCounts> counts)
    : bus_(bus),
      strand_(boost::asio::make_strand(std::move(executor))),
      subject_(std::move(subject)),
      counts_(std::move(counts)) {}

void NodeOutbox::add(std::uint64_t connection, std::shared_ptr<const std::string> frame) {
  bool first = false;
  {
    std::lock_guard lock(mutex_);
    first = pending_.empty();
    // A room sends one frame to its followers one after another: consecutive
    // sends of the same frame are one record.
    if (!first && pending_.back().frame == frame) {
      pending_.back().connections.push_back(connection);
      return;
    }
    pending_.push_back(FrameRecord{std::move(frame), {connection}});
  }
  // Deferred, not posted: from a handler of the io_context (a room's), the
  // flush runs only once that handler has returned, after the room has handed
  // the frame to all its followers; posted, another thread could send the
  // first of them alone.
  if (first) boost::asio::defer(strand_, [self = shared_from_this()] { self->flush(); });
}

void NodeOutbox::flush() {
  std::vector<FrameRecord> records;
  {
    std::lock_guard lock(mutex_);
    records.swap(pending_);
  }
  std::string payload;
  for (const FrameRecord& record : records) {
    if (!payload.empty() && payload.size() + record.frame->size() > payload_budget) {
      publish(payload);
      payload.clear();
    }
    append_record(payload, record);
    counts_->deliveries.fetch_add(record.connections.size(), std::memory_order_relaxed);
  }
  if (!payload.empty()) publish(payload);
}

void NodeOutbox::publish(const std::string& payload) {
  (void)bus_.publish(subject_, payload);
  counts_->messages.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace yunzi::node::relay_wire
