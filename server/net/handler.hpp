// What the application implements to receive WebSocket traffic. Each call for
// a connection runs on that connection's strand, so calls for one connection
// never overlap; calls for different connections may run in parallel.
#pragma once

#include <string>

#include "server/net/connection.hpp"

namespace yunzi::net {

class Handler {
 public:
  virtual ~Handler() = default;

  virtual void on_open(const ConnectionPtr& connection) = 0;

  // over_rate_limit: the message arrived faster than the configured rate; the
  // application should answer `rate_limited` instead of acting on it. A
  // connection that keeps flooding is closed by the layer (1008).
  virtual void on_message(const ConnectionPtr& connection, std::string text, bool over_rate_limit) = 0;

  // Called once for every connection that was opened, when it is gone.
  virtual void on_close(const ConnectionPtr& connection) = 0;
};

}  // namespace yunzi::net
