// One WebSocket client as the application sees it. Every method is safe to
// call from any thread: send() and close() only post to the connection's own
// strand and never wait, so a slow client can never slow its sender.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace yunzi::net {

// The strand a connection's reads, writes and handler calls run on.
using ConnectionExecutor = boost::asio::strand<boost::asio::io_context::executor_type>;

// WebSocket close codes the layer uses (RFC 6455 section 7.4.1).
namespace close_code {
inline constexpr std::uint16_t normal = 1000;
inline constexpr std::uint16_t going_away = 1001;
inline constexpr std::uint16_t unsupported_data = 1003;  // a binary frame
inline constexpr std::uint16_t bad_payload = 1007;       // text that is not UTF-8
inline constexpr std::uint16_t policy = 1008;            // flood, send queue overflow
inline constexpr std::uint16_t too_big = 1009;           // frame over the limit
inline constexpr std::uint16_t internal_error = 1011;
inline constexpr std::uint16_t service_restart = 1012;  // graceful shutdown
}  // namespace close_code

class Connection {
 public:
  virtual ~Connection() = default;

  // Unique for the life of the process, never reused.
  virtual std::uint64_t id() const = 0;
  // The client's address: "ip:port" of the socket's peer or, when that
  // peer is a trusted proxy (NetConfig::trusted_proxies), the address from
  // its X-Forwarded-For header, without a port (the proxy does not pass
  // it), an IPv6 one in brackets: "203.0.113.7", "[2001:db8::7]".
  virtual const std::string& remote_address() const = 0;

  // Queues one text frame. The same shared string may go to many connections.
  // If the queue is full the connection is closed with close_code::policy.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  void send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }

  // Sends what is already queued, then the close frame. Later sends are dropped.
  virtual void close(std::uint16_t code, std::string reason) = 0;

  // Median of the last few ping round trips; empty until the first pong.
  virtual std::optional<std::chrono::microseconds> median_rtt() const = 0;

  // The strand the Handler's calls for this connection run on, if it has
  // one. The application may run its own work for the connection there too,
  // so that a message reaches it without a hop to another thread.
  virtual std::optional<ConnectionExecutor> strand() { return std::nullopt; }
};

using ConnectionPtr = std::shared_ptr<Connection>;

}  // namespace yunzi::net
