// Settings of the network layer: where to listen, how many io threads, and
// every limit a connection is held to (frame size, send queue, message rate,
// timeouts). The defaults are the documented production values.
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
};

}  // namespace yunzi::net
