// A real yunzi_net server on 127.0.0.1 with a port the system picks, driven
// by a small test application: JSON requests with an `id` get an `ok` reply,
// other text is echoed, `broadcast:N:SIZE` sends N frames of SIZE bytes to
// every open connection, `close:CODE:REASON` says goodbye and closes, and
// messages over the rate get `rate_limited`.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/net/handler.hpp"
#include "server/net/server.hpp"
#include "tools/client/ws_client.hpp"

namespace yunzi::net::testing {

using namespace std::chrono_literals;

class TestApp : public Handler {
 public:
  std::shared_ptr<ConnectionHandler> on_open(const ConnectionPtr& connection) override;
  void on_message(const ConnectionPtr& connection, std::string text, bool over_rate_limit);
  void on_close(const ConnectionPtr& connection);

  // Sends the text to every open connection; the one shared frame for all.
  void broadcast(const std::string& text);
  std::vector<ConnectionPtr> open_connections();
  // False when the count was not reached within the (failure guard) timeout.
  bool wait_opened(std::size_t count, std::chrono::milliseconds timeout = 10s);
  bool wait_closed(std::size_t count, std::chrono::milliseconds timeout = 10s);
  // Lets go of the connections still held, while the server that owns their sockets exists.
  void forget_connections();

  // Runs at the end of on_open, on the connection's strand (set before connecting).
  std::function<void(const ConnectionPtr&)> after_open;

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::uint64_t, ConnectionPtr> open_;
  std::size_t opened_ = 0;
  std::size_t closed_ = 0;
};

NetConfig test_config();

struct NetFixture {
  explicit NetFixture(NetConfig config = test_config());
  // Shuts the server down, then drops what the app still holds: a connection
  // whose close had not reached the app when the io threads stopped would
  // otherwise outlive the io_context its timers belong to.
  ~NetFixture();
  std::unique_ptr<client::WsClient> connect(const std::string& target = "/ws");

  TestApp app;                   // outlives the server
  prometheus::Registry metrics;  // the server's counters; outlives it too
  std::chrono::milliseconds close_timeout;
  Server server;
  std::uint16_t port = 0;
};

}  // namespace yunzi::net::testing
