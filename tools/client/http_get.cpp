#include "tools/client/http_get.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <algorithm>
#include <cctype>

#include "tools/client/io_wait.hpp"

namespace yunzi::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

Expected<HttpReply, std::string> http_request(const std::string& host, std::uint16_t port, const std::string& method,
                                              const std::string& target, std::chrono::milliseconds timeout,
                                              const HttpFields& fields) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  beast::error_code ec;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (ec) return unexpected("cannot resolve " + host + ": " + ec.message());

  // The stream's own deadline covers connect, write and read together.
  stream.expires_after(timeout);
  bool done = false;
  auto finish = [&](beast::error_code result, auto&&...) {
    done = true;
    ec = result;
  };
  auto wait = [&](const char* step) -> Expected<Done, std::string> {
    run_until(
        io, [&] { return done; }, std::chrono::steady_clock::time_point::max());
    done = false;
    if (ec) return unexpected(std::string(step) + " failed: " + ec.message());
    return Done{};
  };

  stream.async_connect(endpoints, finish);
  if (auto ok = wait("connect"); !ok) return unexpected(ok.error());

  http::request<http::string_body> request{http::string_to_verb(method), target, 11};
  if (request.method() == http::verb::unknown) request.method_string(method);
  request.set(http::field::host, host + ":" + std::to_string(port));
  request.set(http::field::connection, "close");
  for (const auto& [name, value] : fields) request.set(name, value);
  request.prepare_payload();
  http::async_write(stream, request, finish);
  if (auto ok = wait("write"); !ok) return unexpected(ok.error());

  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(request.method() == http::verb::head);
  http::async_read(stream, buffer, parser, finish);
  if (auto ok = wait("read"); !ok) return unexpected(ok.error());

  auto response = parser.release();
  HttpReply reply;
  reply.status = response.result_int();
  reply.content_type = std::string(response[http::field::content_type]);
  for (const auto& field : response) reply.headers.emplace_back(field.name_string(), field.value());
  reply.body = std::move(response.body());
  for (const auto& field : response) {
    reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  return reply;
}

std::optional<std::string> HttpReply::header(std::string_view name) const {
  for (const auto& [field, value] : headers) {
    const bool same = std::equal(field.begin(), field.end(), name.begin(), name.end(), [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    if (same) return value;
  }
  return std::nullopt;
}

}  // namespace yunzi::client
