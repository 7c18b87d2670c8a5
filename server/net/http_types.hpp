// Plain HTTP request/response values for application routes, so routes are
// written without Beast. A route answers std::nullopt (an AsyncHttpRoute:
// false) for "not mine".
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace yunzi::net {

struct HttpRequest {
  std::string method;  // "GET", "HEAD", "POST", ...
  std::string target;  // path and query as sent, e.g. "/games/42.sgf?x=1"
  std::string body;
  std::string remote_address;  // the client's, as Connection::remote_address()
  std::string remote_ip;       // the same client's canonical IP, without a port

  // The target without its query string.
  std::string path() const { return target.substr(0, target.find('?')); }
};

struct HttpResponse {
  unsigned status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra fields
};

using HttpRoute = std::function<std::optional<HttpResponse>(const HttpRequest&)>;

// How a route that answers later gives its answer: call it once, from any
// thread (a reader thread of the database, say); the connection writes the
// response on its own strand. Dropped without a call, the connection closes
// unanswered; a second call is ignored.
using HttpResponder = std::function<void(HttpResponse)>;

// A route that may answer later: false for "not mine" (and `respond` is not
// called); true when the route has taken the request and calls `respond`
// (or a copy of it) once. The connection reads its next request only after
// the answer is written, so pipelined requests are answered in order.
using AsyncHttpRoute = std::function<bool(const HttpRequest&, const HttpResponder& respond)>;

}  // namespace yunzi::net
