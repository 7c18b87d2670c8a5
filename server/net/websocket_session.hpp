// The WebSocket side of one client (internal to server/net): accepts the
// upgrade, reads text frames into the Handler, writes the bounded send queue
// one frame at a time, pings for liveness and round-trip time, and enforces
// the frame, rate and queue limits. All state lives on the session's strand.
#pragma once

#include <atomic>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "server/net/address_slots.hpp"
#include "server/net/connection.hpp"
#include "server/net/connection_stream.hpp"
#include "server/net/message_buffer.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/rtt_tracker.hpp"
#include "server/net/send_queue.hpp"
#include "server/net/session_context.hpp"

namespace yunzi::net {

class WebSocketSession : public Connection, public std::enable_shared_from_this<WebSocketSession> {
 public:
  // remote_address: the client's (forwarded by a trusted proxy or the
  // peer's); peer_address: the socket's peer, "ip:port"; slot: the client
  // address's place, held until the connection ends.
  WebSocketSession(ConnectionSocket&& socket, SessionContext& context, std::string remote_address,
                   std::string peer_address, AddressSlot slot);

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return remote_address_; }
  void send(std::shared_ptr<const std::string> frame) override;
  using Connection::send;
  void close(std::uint16_t code, std::string reason) override;
  std::optional<std::chrono::microseconds> median_rtt() const override;
  std::optional<ConnectionExecutor> strand() override { return ws_.get_executor(); }

  // Drops the connection without a close handshake (shutdown past its grace).
  void abort();

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t part_bytes);
  void on_message(std::size_t bytes);
  void deliver(std::string text, bool over_rate_limit);
  void enqueue(std::shared_ptr<const std::string> frame);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void start_close(std::uint16_t code, std::string reason);
  void send_close_when_flushed();
  void do_ping();
  void on_ping_sent(boost::beast::error_code ec);
  void on_pong(boost::beast::string_view payload);
  void heard_from_peer();
  // One timer serves the next ping, the idle check and, once closing, the
  // close deadline: a connection holds one timer instead of three.
  void arm_timer();
  void on_timer(boost::beast::error_code ec);
  void finish(boost::beast::error_code ec);

  boost::beast::websocket::stream<ConnectionStream> ws_;
  MessageBuffer buffer_;
  SessionContext& context_;
  const std::uint64_t id_;
  const std::string remote_address_;
  const std::string peer_address_;
  std::optional<AddressSlot> address_slot_;
  SendQueue queue_;
  RateLimiter limiter_;
  RttTracker rtt_;
  std::atomic<std::int64_t> median_rtt_us_{-1};  // read from other strands

  // Beast's own idle timeout is not pushed back by incoming frames; this one is.
  ConnectionTimer timer_;
  std::chrono::steady_clock::time_point last_heard_;
  std::chrono::steady_clock::time_point next_ping_at_;
  std::chrono::steady_clock::time_point close_deadline_;
  std::chrono::steady_clock::time_point ping_sent_at_;
  std::uint64_t pings_sent_ = 0;
  bool pong_awaited_ = false;
  bool ping_writing_ = false;

  // Beast's close_reason holds 123 bytes inline; the text is kept only once closing.
  std::uint16_t close_code_ = 0;
  std::string close_text_;
  bool writing_ = false;
  bool closing_ = false;  // no more sends or messages; flushing towards close
  bool close_sent_ = false;
  bool opened_ = false;                             // the handler saw on_open
  std::shared_ptr<ConnectionHandler> application_;  // what on_open gave, until the close
  bool finished_ = false;
};

}  // namespace yunzi::net
