// The network layer's front door: listens on one TCP port, serves HTTP (the application's routes, then the static
// directory) and WebSocket on `GET /ws`, and runs one io_context on N threads. Routes are added before start();
// shutdown() is called from a thread that is not an io thread (server/net/README.md, "Graceful shutdown").
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "server/net/handler.hpp"
#include "server/net/http_types.hpp"
#include "server/net/net_config.hpp"
#include "server/net/net_metrics.hpp"

namespace boost::asio {
class io_context;
}

namespace yunzi::net {

class Server {
 public:
  // The handler must outlive the server, and the application must let go of
  // every ConnectionPtr once on_close told it the connection is gone: a
  // connection's socket belongs to the server's io_context.
  // The layer's counters (NetMetrics) are registered in `metrics`, which
  // must outlive the server.
  Server(NetConfig config, Handler& handler, prometheus::Registry& metrics);
  ~Server();  // shuts down (with close_timeout as grace) if still running
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Routes are tried in the order added, before the static directory.
  void add_route(HttpRoute route);
  // A route that answers later, e.g. after a database read off the io threads.
  void add_async_route(AsyncHttpRoute route);

  // Binds, listens and starts the io threads; the bound port or why not.
  Expected<std::uint16_t, std::string> start();
  std::uint16_t port() const;

  // The io_context the sessions run on, for the application's own strands.
  boost::asio::io_context& io_context();

  // Stops accepting, closes every WebSocket with 1012 after whatever was
  // already sent to it (send the shutdown notice first), waits until all are
  // closed or the grace period is over, drops the rest (each still gets
  // on_close), then stops the io threads.
  // Must not be called from an io thread.
  void shutdown(std::chrono::milliseconds grace);

  const NetMetrics& metrics() const;
  std::size_t open_connections() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace yunzi::net
