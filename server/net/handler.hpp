// What the application implements to receive WebSocket traffic: a Handler
// hears of each connection that opens and gives back that connection's own
// side, which the connection holds until it has closed and hands every
// message to directly (no lookup by id). Each call for a connection runs on
// that connection's strand, so calls for one connection never overlap;
// calls for different connections may run in parallel.
#pragma once

#include <memory>
#include <string>

#include "server/net/connection.hpp"

namespace yunzi::net {

class ConnectionHandler {
 public:
  virtual ~ConnectionHandler() = default;

  // over_rate_limit: the message arrived faster than the configured rate; the
  // application should answer `rate_limited` instead of acting on it. A
  // connection that keeps flooding is closed by the layer (1008).
  virtual void on_message(std::string text, bool over_rate_limit) = 0;

  // Once, when the connection is gone; the connection lets go of its handler then.
  virtual void on_close() = 0;
};

class Handler {
 public:
  virtual ~Handler() = default;

  virtual std::shared_ptr<ConnectionHandler> on_open(const ConnectionPtr& connection) = 0;
};

}  // namespace yunzi::net
