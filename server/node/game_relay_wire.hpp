// What both sides of the game relay share (internal to game_relay*.cpp):
// the subjects, reading the messages' fields, the stand-in connection and
// the reply channel over the bus.
#pragma once

#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/ids.hpp"
#include "protocol/responder.hpp"
#include "server/cluster/bus.hpp"
#include "server/net/connection.hpp"
#include "server/node/relay_outbox.hpp"

namespace yunzi::node::relay_wire {

using nlohmann::json;

inline constexpr auto remote_timeout = std::chrono::seconds(2);
// An unwatch waits less: its answer only orders the `ok` after the last
// event, and a node of the version before never answers it.
inline constexpr auto unwatch_timeout = std::chrono::milliseconds(300);
inline const std::string taken_over_subject = "yunzi.cluster.taken_over";

// A whole number the bus carries as text (a game id, the last token of a subject).
template <class Number>
std::optional<Number> number_in(std::string_view text) {
  Number value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

inline std::optional<std::int64_t> integer_field(const json& message, const char* key) {
  const auto found = message.find(key);
  if (found == message.end() || !found->is_number_integer()) return std::nullopt;
  return found->get<std::int64_t>();
}

inline std::string request_subject(GameId game) { return "yunzi.game." + std::to_string(game) + ".req"; }

// `origin`: a node's relay address, <node>.<boot>. The frames for several of
// its connections (relay_batch.hpp).
inline std::string batches_subject(const std::string& origin) { return "yunzi.conn." + origin; }
// The running node's word that it took the node for gone and dropped these
// of its connections: `{"by", "connections"}`. The last token is never a
// number, so the subscription for single frames, which shares the prefix,
// tells it apart.
inline std::string dropped_subject(const std::string& origin) { return "yunzi.conn." + origin + ".dropped"; }
inline const std::string dropped_token = "dropped";
// The frames for one of its connections, as the version before batches sends and reads them.
inline std::string events_subject(const std::string& origin, std::uint64_t connection) {
  return "yunzi.conn." + origin + "." + std::to_string(connection);
}

// Another node's connection, as a room sees it: what the room sends it goes
// over the bus to that node, through the outbox of that node when it reads
// batches (relay_outbox.hpp), else on a subject of the connection's own (the
// nodes of the version before batches); its round trip is the one the node
// measured, carried with each of its requests.
class RemoteConnection final : public net::Connection {
 public:
  // `outbox`: none for a node of the version before batches.
  RemoteConnection(cluster::Bus& bus, std::shared_ptr<NodeOutbox> outbox, const std::string& origin,
                   std::uint64_t connection)
      : outbox_(std::move(outbox)),
        bus_(bus),
        id_(next_id_++),
        connection_(connection),
        subject_(events_subject(origin, connection)),
        address_("node " + origin) {}
  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string> frame) override {
    if (outbox_) return outbox_->add(connection_, std::move(frame));
    (void)bus_.publish(subject_, *frame);
  }
  // The node keeps its own connection; a stand-in has nothing to close.
  void close(std::uint16_t, std::string) override {}
  std::optional<std::chrono::microseconds> median_rtt() const override {
    const std::int64_t rtt = rtt_us_.load(std::memory_order_relaxed);
    if (rtt < 0) return std::nullopt;
    return std::chrono::microseconds(rtt);
  }
  void set_rtt(std::optional<std::int64_t> rtt_us) { rtt_us_.store(rtt_us.value_or(-1), std::memory_order_relaxed); }

 private:
  // Far above the ids of this process's own connections, which count from 1.
  static inline std::atomic<std::uint64_t> next_id_{std::uint64_t{1} << 62};
  const std::shared_ptr<NodeOutbox> outbox_;
  cluster::Bus& bus_;
  const std::uint64_t id_;
  const std::uint64_t connection_;  // its id on its own node
  const std::string subject_;
  const std::string address_;
  std::atomic<std::int64_t> rtt_us_{-1};
};

// The owner's answer goes back as the reply to the bus request.
class BusReplyChannel final : public protocol::Responder::Channel {
 public:
  BusReplyChannel(cluster::Bus& bus, cluster::BusMessage request) : bus_(bus), request_(std::move(request)) {}
  void answered(protocol::Frame frame, std::optional<protocol::ErrorCode>) override {
    (void)bus_.reply(request_, *frame);
  }
  void dropped(const protocol::RequestId&) override {}
  void answered_again(const protocol::RequestId&) override {}

 private:
  cluster::Bus& bus_;
  const cluster::BusMessage request_;
};

}  // namespace yunzi::node::relay_wire
