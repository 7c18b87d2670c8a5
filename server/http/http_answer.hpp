// A plain HTTP answer: status, body, content type and, when given, the
// Cache-Control field (what a browser or a proxy may keep, and for how long).
#pragma once

#include <string>
#include <string_view>

#include "server/net/http_types.hpp"

namespace yunzi::http {

inline net::HttpResponse http_answer(unsigned status, std::string body, std::string_view cache_control = {},
                                     std::string type = "text/plain; charset=utf-8") {
  net::HttpResponse response;
  response.status = status;
  response.content_type = std::move(type);
  response.body = std::move(body);
  if (!cache_control.empty()) response.headers.emplace_back("Cache-Control", std::string(cache_control));
  return response;
}

}  // namespace yunzi::http
