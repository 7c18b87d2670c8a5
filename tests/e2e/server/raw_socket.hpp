// A plain TCP connection to 127.0.0.1 for the tests that must send bytes no
// well-behaved client library would (two requests in one write, framing
// headers that contradict each other) or hold many idle connections open.
// Blocking calls with time limits; the socket closes with the object.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::e2e {

class RawSocket {
 public:
  // Connected, or nullopt when connect() itself failed.
  static std::optional<RawSocket> connect(std::uint16_t port);
  RawSocket(RawSocket&& other) noexcept;
  RawSocket& operator=(RawSocket&& other) noexcept;
  ~RawSocket();

  bool send(std::string_view bytes);
  // Everything received until the peer closed the connection or the time is
  // over; peer_closed tells which.
  struct Received {
    std::string bytes;
    bool peer_closed = false;
  };
  Received read_until_closed(std::chrono::milliseconds timeout);
  // One whole HTTP response (head and a Content-Length body), or nullopt when
  // none arrived in time or the connection closed first.
  std::optional<std::string> read_response(std::chrono::milliseconds timeout);

 private:
  explicit RawSocket(int fd) : fd_(fd) {}
  // Waits for readable bytes until the deadline; false when none came.
  bool wait_readable(std::chrono::steady_clock::time_point deadline) const;

  int fd_ = -1;
  std::string pending_;  // bytes read past the end of the last response
};

// "HTTP/1.1 400 Bad Request\r\n..." -> 400; 0 when it is not a status line.
unsigned status_of(std::string_view response);
// The value of a header field in a response head (case-insensitive name).
std::optional<std::string> header_of(std::string_view response, std::string_view name);

}  // namespace yunzi::e2e
