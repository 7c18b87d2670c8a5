// One-shot HTTP/1.1 requests (GET and friends) with a time limit, for tests
// and tools that check the server's plain HTTP endpoints. The target is sent
// exactly as given, so malformed paths can be tried.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::client {

struct HttpReply {
  unsigned status = 0;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // every field, as received

  // The first field of that name (case-insensitive); nullopt when absent.
  std::optional<std::string> header(std::string_view name) const;
};

using HttpFields = std::vector<std::pair<std::string, std::string>>;

Expected<HttpReply, std::string> http_request(const std::string& host, std::uint16_t port, const std::string& method,
                                              const std::string& target,
                                              std::chrono::milliseconds timeout = std::chrono::milliseconds(5000),
                                              const HttpFields& fields = {});

inline Expected<HttpReply, std::string> http_get(const std::string& host, std::uint16_t port,
                                                 const std::string& target) {
  return http_request(host, port, "GET", target);
}

}  // namespace yunzi::client
