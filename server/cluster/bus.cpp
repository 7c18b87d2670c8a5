#include "server/cluster/bus.hpp"

#include <utility>

#include "server/cluster/bus_core.hpp"

namespace yunzi::cluster {

Bus::Bus(boost::asio::any_io_executor executor, BusOptions options)
    : core_(std::make_shared<BusCore>(std::move(executor), std::move(options))) {}

Bus::~Bus() { stop(); }

Expected<Done, std::string> Bus::start() { return core_->start(); }

Expected<Subscription, BusError> Bus::subscribe(const std::string& subject, MessageHandler handler) {
  auto state = core_->subscribe(subject, std::move(handler));
  if (!state) return unexpected(state.error());
  return Subscription(std::move(state).value());
}

Expected<Done, BusError> Bus::publish(const std::string& subject, std::string_view data) {
  return core_->publish(subject, data);
}

Expected<Done, BusError> Bus::reply(const BusMessage& message, std::string_view data) {
  if (message.reply_to.empty()) return unexpected(BusError{BusErrorKind::invalid, "reply: nobody waits for an answer"});
  return core_->publish(message.reply_to, data);
}

void Bus::request(const std::string& subject, std::string_view data, std::chrono::milliseconds timeout,
                  RequestCallback callback) {
  core_->request(subject, data, timeout, std::move(callback));
}

bool Bus::connected() const { return core_->connected(); }

void Bus::on_state_change(StateHandler handler) { core_->on_state_change(std::move(handler)); }

BusStats Bus::stats() const { return core_->stats(); }

void Bus::stop() { core_->stop(); }

}  // namespace yunzi::cluster
