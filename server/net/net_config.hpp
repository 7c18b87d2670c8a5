// Settings of the network layer: where to listen, how many io threads, and
// every limit a connection is held to (frame size, send queue, message rate,
// timeouts). yunzi-server starts from these defaults and changes a few of
// them (server/config, default_net_config).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace yunzi::net {

struct NetConfig {
  std::string bind_address = "0.0.0.0";
  std::uint16_t port = 8080;  // 0 picks a free port; Server::port() tells which
  unsigned threads = 0;       // 0 = one per core
  std::string static_dir;     // empty = no static files
  // Reverse proxies (IP literals) whose X-Forwarded-For names the client;
  // empty = the socket's peer is always the client.
  std::vector<std::string> trusted_proxies;

  std::size_t max_frame_bytes = 16 * 1024;  // larger incoming frames close with 1009
  // WebSocket connections one client address (forwarded behind a trusted
  // proxy) may hold; more upgrades get HTTP 429. 0 = no cap. Enough for a
  // school or an office behind one NAT.
  std::size_t max_connections_per_address = 64;
  std::size_t send_queue_frames = 1024;
  std::size_t send_queue_bytes = 4 * 1024 * 1024;

  double messages_per_second = 20.0;
  double message_burst = 40.0;
  // Rejected messages within flood_window that count as a flood (close 1008).
  unsigned flood_rejections = 200;
  std::chrono::milliseconds flood_window{5000};

  std::chrono::milliseconds ping_interval{15000};
  // Nothing heard (any frame, pongs included) for this long: closed with
  // 1001 "idle timeout". Pings must go out more often for a quiet client's
  // pongs to keep it open.
  std::chrono::milliseconds idle_timeout{45000};
  std::chrono::milliseconds handshake_timeout{10000};
  // How long a closing connection may take to flush and finish the close
  // handshake before its socket is simply shut.
  std::chrono::milliseconds close_timeout{5000};

  std::chrono::milliseconds http_timeout{30000};
  std::size_t http_body_limit = 64 * 1024;
  // Content-Security-Policy of the static directory's files (the web client):
  // its own scripts, styles and WebSocket, nothing inline, never in a frame.
  // Every other response gets "default-src 'none'; frame-ancestors 'none'".
  std::string page_security_policy =
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
      "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

  // While accept() fails for want of file descriptors (or memory), the
  // listener waits this long before trying again instead of spinning, and
  // logs at most one line per accept_failure_log_interval with the count of
  // failures.
  std::chrono::milliseconds accept_retry_delay{100};
  std::chrono::milliseconds accept_failure_log_interval{10000};

  friend bool operator==(const NetConfig&, const NetConfig&) = default;
};

}  // namespace yunzi::net
