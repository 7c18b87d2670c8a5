#include "tests/e2e/server/raw_socket.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <utility>

namespace yunzi::e2e {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

// The length of the whole response at the start of `bytes` once it is all
// there: head, blank line and a Content-Length body (0 without the field).
std::optional<std::size_t> complete_length(std::string_view bytes) {
  const auto head_end = bytes.find("\r\n\r\n");
  if (head_end == std::string_view::npos) return std::nullopt;
  const auto head = bytes.substr(0, head_end + 2);
  std::size_t body = 0;
  if (auto length = header_of(head, "Content-Length")) body = std::stoul(*length);
  const std::size_t total = head_end + 4 + body;
  if (bytes.size() < total) return std::nullopt;
  return total;
}

}  // namespace

std::optional<RawSocket> RawSocket::connect(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::nullopt;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  return RawSocket(fd);
}

RawSocket::RawSocket(RawSocket&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), pending_(std::move(other.pending_)) {}

RawSocket& RawSocket::operator=(RawSocket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    pending_ = std::move(other.pending_);
  }
  return *this;
}

RawSocket::~RawSocket() {
  if (fd_ >= 0) ::close(fd_);
}

bool RawSocket::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

bool RawSocket::wait_readable(std::chrono::steady_clock::time_point deadline) const {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd waiting{fd_, POLLIN, 0};
  return ::poll(&waiting, 1, static_cast<int>(left.count())) > 0;
}

RawSocket::Received RawSocket::read_until_closed(std::chrono::milliseconds timeout) {
  Received out;
  out.bytes = std::exchange(pending_, {});
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char buffer[4096];
  while (wait_readable(deadline)) {
    const ssize_t got = ::recv(fd_, buffer, sizeof buffer, 0);
    if (got <= 0) {
      out.peer_closed = true;  // an orderly close or a reset: nothing more will come
      break;
    }
    out.bytes.append(buffer, static_cast<std::size_t>(got));
  }
  return out;
}

std::optional<std::string> RawSocket::read_response(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char buffer[4096];
  for (;;) {
    if (auto length = complete_length(pending_)) {
      std::string response = pending_.substr(0, *length);
      pending_.erase(0, *length);
      return response;
    }
    if (!wait_readable(deadline)) return std::nullopt;
    const ssize_t got = ::recv(fd_, buffer, sizeof buffer, 0);
    if (got <= 0) return std::nullopt;
    pending_.append(buffer, static_cast<std::size_t>(got));
  }
}

unsigned status_of(std::string_view response) {
  if (!response.starts_with("HTTP/1.") || response.size() < 12) return 0;
  unsigned status = 0;
  for (char ch : response.substr(9, 3)) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return 0;
    status = status * 10 + static_cast<unsigned>(ch - '0');
  }
  return status;
}

std::optional<std::string> header_of(std::string_view response, std::string_view name) {
  const auto head = response.substr(0, response.find("\r\n\r\n"));
  std::size_t start = head.find("\r\n");
  while (start != std::string_view::npos) {
    start += 2;
    const auto end = head.find("\r\n", start);
    const auto line = head.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    const auto colon = line.find(':');
    if (colon != std::string_view::npos && iequals(line.substr(0, colon), name)) {
      auto value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      return std::string(value);
    }
    start = end;
  }
  return std::nullopt;
}

}  // namespace yunzi::e2e
