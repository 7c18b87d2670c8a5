// The HTTP side of one client (internal to server/net): reads requests, answers them from the routes or the static
// directory, and hands `GET /ws` upgrades to a WebSocketSession. A route may answer later from any thread: the answer
// is written on the session's strand and the next request read only after it, so pipelined requests stay in order;
// meanwhile the route's responder alone keeps the session alive.
#pragma once

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/net/connection_stream.hpp"
#include "server/net/http_framing.hpp"
#include "server/net/session_context.hpp"

namespace yunzi::net {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;

  HttpSession(ConnectionSocket&& socket, SessionContext& context);
  void run();

 private:
  void do_read();
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void refuse_framing(const FramingRefusal& refusal);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void upgrade(Request request);
  // An upgrade that is not taken: the status and a one-line body, then the connection ends.
  void refuse_upgrade(const Request& request, unsigned status, std::string body);
  // Finds the answer (a route, the static directory, 404/405) and writes it, now or when a route responds.
  void answer(const Request& request);
  HttpResponder responder(std::uint64_t number);
  // On the strand: the answer to request `number`, if that one is still awaited.
  void respond(std::uint64_t number, HttpResponse found, bool page);
  void write(Response response);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_shutdown();
  // The client of one request: the peer, or the address a trusted proxy
  // forwarded (several clients' requests may share one keep-alive
  // connection from the proxy).
  struct Client {
    std::string ip;       // canonical: what the per-address cap counts
    std::string address;  // as connections report it: the peer's "ip:port", a forwarded IP without port
  };
  Client client_of(const Request& request) const;

  ConnectionStream stream_;
  boost::beast::flat_buffer buffer_;
  SessionContext& context_;
  std::string peer_ip_;       // canonical, for the trusted proxy check
  std::string peer_address_;  // "ip:port"
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<Response> response_;  // alive until its write completes
  // What the response to the request being answered needs from it.
  struct Awaited {
    std::uint64_t number = 0;  // the request's number on this connection
    unsigned version = 11;
    bool keep_alive = true;
    bool head = false;
  };
  std::optional<Awaited> awaited_;
  std::uint64_t requests_read_ = 0;
};

}  // namespace yunzi::net
