// Where a request's body ends must be beyond doubt (RFC 9112 section 6.3):
// when a proxy in front and this server could read the framing differently,
// the bytes one of them takes for a body the other takes for a second
// request (request smuggling). Such requests are refused and the connection
// closed, never answered in part. Internal to server/net; no Beast here.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace yunzi::net {

struct FramingRefusal {
  unsigned status = 400;  // 400, or 501 for a transfer coding the server does not implement
  std::string reason;     // for the response body and the log
};

struct RequestFraming {
  // The value of every Transfer-Encoding field, in the order received.
  std::span<const std::string_view> transfer_encodings;
  unsigned content_length_fields = 0;
  unsigned version = 11;  // 10 for HTTP/1.0, 11 for HTTP/1.1
};

// Refused: Transfer-Encoding together with Content-Length; Transfer-Encoding
// in an HTTP/1.0 request; a Transfer-Encoding whose final coding is not
// chunked (the body's end would be unknown); codings other than chunked (501).
// Several Content-Length fields with different values are refused by the
// parser itself before this is asked.
std::optional<FramingRefusal> check_request_framing(const RequestFraming& framing);

// A header value without the spaces and tabs HTTP allows around it.
std::string_view trim_http_blanks(std::string_view text);

}  // namespace yunzi::net
