#include "tools/yunzi-loadgen/ws_connection.hpp"

#include <boost/beast/core/bind_handler.hpp>
#include <chrono>

namespace yunzi::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

WsConnection::WsConnection(asio::io_context& io, Handlers handlers) : ws_(io), handlers_(std::move(handlers)) {}

void WsConnection::start(const asio::ip::tcp::endpoint& endpoint, std::string host_header, std::string target) {
  host_header_ = std::move(host_header);
  target_ = std::move(target);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws_).async_connect(endpoint,
                                             beast::bind_front_handler(&WsConnection::on_connect, shared_from_this()));
}

void WsConnection::on_connect(beast::error_code ec) {
  if (finished_) return;
  if (ec) return fail("connect: " + ec.message());
  beast::get_lowest_layer(ws_).expires_never();
  // A move must not wait behind an unacknowledged pong (Nagle's algorithm):
  // the latency measured is the server's.
  beast::get_lowest_layer(ws_).socket().set_option(asio::ip::tcp::no_delay(true), ec);
  // The handshake keeps a time limit; afterwards the connection may stay
  // silent for as long as the run lasts.
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(1024 * 1024);
  ws_.async_handshake(host_header_, target_,
                      beast::bind_front_handler(&WsConnection::on_handshake, shared_from_this()));
}

void WsConnection::on_handshake(beast::error_code ec) {
  if (finished_) return;
  if (ec) return fail("handshake: " + ec.message());
  open_ = true;
  ws_.text(true);
  do_read();
  // Frames queued before the handshake go first; on_open's own sends then
  // join the queue behind the one write in flight.
  if (!queue_.empty()) do_write();
  if (handlers_.on_open) handlers_.on_open();
}

void WsConnection::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void WsConnection::on_read(beast::error_code ec) {
  if (finished_) return;
  if (ec)
    return fail(ec == websocket::error::closed ? "closed: the server ended the connection" : "read: " + ec.message());
  const auto data = buffer_.cdata();
  if (handlers_.on_frame) {
    handlers_.on_frame(std::string_view(static_cast<const char*>(data.data()), data.size()));
  }
  buffer_.consume(buffer_.size());
  if (!finished_) do_read();
}

void WsConnection::send(std::shared_ptr<const std::string> frame) {
  if (finished_) return;
  queue_.push_back(std::move(frame));
  if (open_ && queue_.size() == 1) do_write();
}

void WsConnection::do_write() {
  ws_.async_write(asio::buffer(*queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void WsConnection::on_write(beast::error_code ec) {
  if (finished_) return;
  if (ec) return fail("write: " + ec.message());
  queue_.pop_front();
  if (!queue_.empty()) do_write();
}

void WsConnection::fail(const std::string& why) {
  if (finished_) return;
  finished_ = true;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (handlers_.on_closed) handlers_.on_closed(why);
}

void WsConnection::stop() {
  if (finished_) return;
  finished_ = true;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

}  // namespace yunzi::loadgen
