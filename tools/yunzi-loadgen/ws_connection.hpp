// One client WebSocket connection on Beast's asynchronous API, for a
// single-threaded io_context holding thousands of them: connect, handshake,
// read every frame for as long as the connection lives (so idle connections
// answer the server's pings), and write queued frames one at a time.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace yunzi::loadgen {

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  struct Handlers {
    std::function<void()> on_open;
    std::function<void(std::string_view text)> on_frame;
    // Called once when the connection fails or ends, unless stop() came first.
    std::function<void(const std::string& why)> on_closed;
  };

  WsConnection(boost::asio::io_context& io, Handlers handlers);
  void start(const boost::asio::ip::tcp::endpoint& endpoint, std::string host_header, std::string target = "/ws");
  void send(std::shared_ptr<const std::string> frame);
  void send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }
  // Shuts the socket without a close handshake; no handler runs afterwards.
  void stop();
  bool is_open() const { return open_; }

 private:
  void on_connect(boost::beast::error_code ec);
  void on_handshake(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec);
  void do_write();
  void on_write(boost::beast::error_code ec);
  void fail(const std::string& why);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  Handlers handlers_;
  std::string host_header_;
  std::string target_;
  bool open_ = false;
  bool finished_ = false;
};

}  // namespace yunzi::loadgen
