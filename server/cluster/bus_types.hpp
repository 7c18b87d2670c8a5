// What the bus's callers see: its settings, a message, why a request failed,
// and its counters.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::cluster {

struct BusOptions {
  // nats://host:port of each server of the NATS cluster; at least one.
  std::vector<std::string> urls;
  // Shown by the NATS server's monitoring, so an operator can tell the nodes apart.
  std::string name;
  // The first wait between rounds of reconnect attempts; it doubles each
  // round up to reconnect_wait_max, with jitter so that the nodes that lost
  // the same server do not all come back in the same instant.
  std::chrono::milliseconds reconnect_wait{250};
  std::chrono::milliseconds reconnect_wait_max{2000};
  // How long one TCP connect to one server may take.
  std::chrono::milliseconds connect_timeout{2000};
};

struct BusMessage {
  std::string subject;
  std::string data;
  std::string reply_to;  // empty unless the sender waits for an answer
};

enum class BusErrorKind {
  timeout,        // no answer within the request's timeout
  no_responders,  // the NATS server knows nobody subscribed to the subject
  disconnected,   // not connected to NATS now (or lost the connection while waiting)
  closed,         // the bus is not started, or stopped
  invalid,        // a subject or payload NATS refuses
};

std::string_view to_string(BusErrorKind kind);

struct BusError {
  BusErrorKind kind = BusErrorKind::closed;
  std::string message;
};

struct BusStats {
  std::uint64_t published = 0;  // publish, reply and request messages handed to the connection
  std::uint64_t received = 0;   // messages that arrived for the subscriptions
  std::uint64_t reconnects = 0;
  std::uint64_t requests_sent = 0;
  std::uint64_t requests_timed_out = 0;
  std::uint64_t requests_no_responders = 0;
  std::int64_t last_request_rtt_us = 0;  // of the last request answered; 0 before the first
  std::int64_t max_request_rtt_us = 0;
};

}  // namespace yunzi::cluster
