#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <exception>

#include "server/net/gzip.hpp"
#include "server/net/http_framing.hpp"
#include "server/net/static_files.hpp"
#include "server/net/websocket_session.hpp"

namespace yunzi::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr std::size_t kHeaderLimit = 8 * 1024;

struct Peer {
  std::string ip;       // canonical
  std::string address;  // ip:port
};

Peer peer_of(const ConnectionSocket& socket) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return {"", "unknown"};
  const std::string ip = endpoint.address().to_string();
  return {canonical_ip(ip).value_or(ip), ip + ":" + std::to_string(endpoint.port())};
}

// The proxy does not pass the client's port; the brackets keep an IPv6
// address apart from an "ip:port" pair.
std::string forwarded_address_text(const std::string& ip) {
  return ip.find(':') == std::string::npos ? ip : "[" + ip + "]";
}

// Responses that are not pages load nothing and may not be framed.
constexpr std::string_view kNonPagePolicy = "default-src 'none'; frame-ancestors 'none'";

// On every response: pages from the static directory get the page policy
// (their own scripts, styles and WebSocket only), everything else a policy
// that allows nothing.
void add_security_headers(HttpSession::Response& response, const NetConfig& config, bool page) {
  const std::string_view policy = page ? std::string_view(config.page_security_policy) : kNonPagePolicy;
  response.set("Content-Security-Policy", beast::string_view(policy.data(), policy.size()));
  response.set(http::field::x_frame_options, "DENY");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
}

// The connection's last response: an error before (or instead of) reading
// the request, after which the connection closes.
HttpSession::Response closing_response(unsigned status, std::string body, const NetConfig& config) {
  HttpSession::Response response{static_cast<http::status>(status), 11};
  response.set(http::field::server, "yunzi");
  response.set(http::field::content_type, "text/plain; charset=utf-8");
  add_security_headers(response, config, false);
  response.body() = std::move(body);
  response.keep_alive(false);
  response.prepare_payload();
  return response;
}

// Errors of the parser that mean the request's framing is ambiguous: the
// connection cannot be read on, but the client hears why.
bool is_bad_framing(const beast::error_code& ec) {
  return ec == http::error::bad_content_length || ec == http::error::bad_transfer_encoding;
}

HttpResponse plain(unsigned status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.body = std::move(body);
  return response;
}

// Browsers keep the files but ask again each time (no-cache): a changed
// client reaches everyone at once, and an unchanged one costs a 304.
std::optional<HttpResponse> from_static_site(const StaticSite& site, const HttpSession::Request& request) {
  if (site.file_count() == 0) return std::nullopt;
  if (request.method() != http::verb::get && request.method() != http::verb::head) return std::nullopt;
  auto file = site.find(std::string_view(request.target().data(), request.target().size()));
  if (!file) {
    if (file.error() == StaticError::bad_path) return plain(400, "bad path\n");
    return std::nullopt;
  }
  const StaticFile& found = **file;
  const auto accept_encoding = request.find(http::field::accept_encoding);
  const bool packed = found.gzip_body && accept_encoding != request.end() &&
                      accepts_gzip(std::string_view(accept_encoding->value().data(), accept_encoding->value().size()));
  const std::string& etag = packed ? found.gzip_etag : found.etag;
  HttpResponse response;
  response.content_type = found.content_type;
  response.headers = {{"ETag", etag}, {"Cache-Control", "no-cache"}};
  if (found.gzip_body) response.headers.emplace_back("Vary", "Accept-Encoding");
  if (packed) response.headers.emplace_back("Content-Encoding", "gzip");
  const auto if_none_match = request.find(http::field::if_none_match);
  if (if_none_match != request.end() &&
      etag_matches(std::string_view(if_none_match->value().data(), if_none_match->value().size()), etag)) {
    response.status = 304;
    return response;
  }
  response.body = packed ? *found.gzip_body : *found.body;
  return response;
}

}  // namespace

HttpSession::HttpSession(ConnectionSocket&& socket, SessionContext& context)
    : stream_(std::move(socket)), context_(context) {
  Peer peer = peer_of(stream_.socket());
  peer_ip_ = std::move(peer.ip);
  peer_address_ = std::move(peer.address);
}

void HttpSession::run() {
  // On the session's strand from the start, like every later handler.
  asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(context_.config.http_body_limit);
  stream_.expires_after(context_.config.http_timeout);
  // The header first: its framing is checked before any body is read.
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, std::size_t bytes) {
  if (ec) return on_read(ec, bytes);
  const auto& header = parser_->get();
  std::vector<std::string_view> transfer_encodings;
  const auto [first, last] = header.equal_range(http::field::transfer_encoding);
  for (auto field = first; field != last; ++field) {
    transfer_encodings.emplace_back(field->value().data(), field->value().size());
  }
  const auto content_lengths = header.count(http::field::content_length);
  const auto refusal = check_request_framing(
      RequestFraming{transfer_encodings, static_cast<unsigned>(content_lengths), header.version()});
  if (refusal) return refuse_framing(*refusal);
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::refuse_framing(const FramingRefusal& refusal) {
  context_.metrics.http_requests.Increment();
  context_.metrics.http_bad_framing.Increment();
  spdlog::debug("net: http request refused remote={} status={} reason={}", peer_address_, refusal.status,
                refusal.reason);
  // Whatever follows in the stream is never read: the connection closes.
  write(closing_response(refusal.status, refusal.reason + "\n", context_.config));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_shutdown();
  if (ec == http::error::body_limit) {
    context_.metrics.http_requests.Increment();
    return write(closing_response(413, "too large\n", context_.config));
  }
  if (is_bad_framing(ec)) return refuse_framing(FramingRefusal{400, "ambiguous message framing: " + ec.message()});
  if (ec) return;  // timeout, reset, malformed request: drop the connection
  context_.metrics.http_requests.Increment();
  Request request = parser_->release();
  if (beast::websocket::is_upgrade(request)) return upgrade(std::move(request));
  answer(request);
}

void HttpSession::upgrade(Request request) {
  if (context_.shutting_down.load()) return refuse_upgrade(request, 503, "shutting down\n");
  if (request.target() != "/ws") return refuse_upgrade(request, 404, "not found\n");
  Client client = client_of(request);
  auto slot = context_.address_slots.take(client.ip);
  if (!slot) {
    context_.metrics.refused_per_address.Increment();
    spdlog::warn("net: upgrade refused remote={} reason=\"too many connections from this address\" cap={}",
                 client.address, context_.address_slots.cap());
    return refuse_upgrade(request, 429, "too many connections from your address\n");
  }
  std::make_shared<WebSocketSession>(stream_.release_socket(), context_, std::move(client.address), peer_address_,
                                     std::move(*slot))
      ->run(std::move(request));
}

void HttpSession::refuse_upgrade(const Request& request, unsigned status, std::string body) {
  Response response = closing_response(status, std::move(body), context_.config);
  response.version(request.version());
  write(std::move(response));
}

HttpSession::Client HttpSession::client_of(const Request& request) const {
  const TrustedProxies& proxies = context_.trusted_proxies;
  if (!proxies.contains(peer_ip_)) return {peer_ip_, peer_address_};
  std::vector<std::string_view> forwarded_for;
  const auto [first, last] = request.equal_range("X-Forwarded-For");
  for (auto field = first; field != last; ++field) {
    forwarded_for.emplace_back(field->value().data(), field->value().size());
  }
  std::string client = proxies.client_ip(peer_ip_, forwarded_for);
  if (client == peer_ip_) return {std::move(client), peer_address_};
  std::string address = forwarded_address_text(client);
  return {std::move(client), std::move(address)};
}

void HttpSession::answer(const Request& request) {
  Client client = client_of(request);
  HttpRequest plain_request{std::string(request.method_string()), std::string(request.target()), request.body(),
                            std::move(client.address), std::move(client.ip)};
  awaited_ = Awaited{++requests_read_, request.version(), request.keep_alive(), request.method() == http::verb::head};
  const std::uint64_t number = awaited_->number;
  std::optional<HttpResponse> found;
  bool page = false;
  try {
    const HttpResponder reply = responder(number);
    for (const auto& route : context_.routes) {
      if (route(plain_request, reply)) return;  // the route answers through `reply`, now or later
    }
    found = from_static_site(context_.static_site, request);
    page = found && (found->status == 200 || found->status == 304);
  } catch (const std::exception& e) {
    spdlog::error("net: http route failed target={} error={}", plain_request.target, e.what());
    found = plain(500, "internal error\n");
  }
  if (!found) {
    const bool readable = request.method() == http::verb::get || request.method() == http::verb::head;
    found = readable ? plain(404, "not found\n") : plain(405, "method not allowed\n");
  }
  respond(number, std::move(*found), page);
}

HttpResponder HttpSession::responder(std::uint64_t number) {
  // The executor is copied here, on the strand: the answer may come from any thread.
  return [self = shared_from_this(), executor = stream_.get_executor(), number](HttpResponse response) {
    asio::post(executor, [self, number, response = std::move(response)]() mutable {
      self->respond(number, std::move(response), false);
    });
  };
}

void HttpSession::respond(std::uint64_t number, HttpResponse found, bool page) {
  // A route that answered twice, or after a throw was answered with 500.
  if (!awaited_ || awaited_->number != number) return;
  const Awaited request = *awaited_;
  awaited_.reset();
  Response response{static_cast<http::status>(found.status), request.version};
  response.set(http::field::server, "yunzi");
  response.set(http::field::content_type, found.content_type);
  add_security_headers(response, context_.config, page);
  for (const auto& [name, value] : found.headers) response.set(name, value);
  response.keep_alive(request.keep_alive);
  if (request.head) {
    response.content_length(found.body.size());
  } else {
    response.body() = std::move(found.body);
    response.prepare_payload();
  }
  write(std::move(response));
}

void HttpSession::write(Response response) {
  // The write gets its own time limit: an answer may come long after its
  // request was read.
  stream_.expires_after(context_.config.http_timeout);
  response_ = std::make_shared<Response>(std::move(response));
  const bool keep_alive = response_->keep_alive();
  http::async_write(stream_, *response_,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return;
  if (!keep_alive || context_.shutting_down.load()) return do_shutdown();
  do_read();
}

void HttpSession::do_shutdown() {
  beast::error_code ec;
  stream_.socket().shutdown(asio::socket_base::shutdown_send, ec);
}

}  // namespace yunzi::net
