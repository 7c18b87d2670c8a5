#include "server/net/net_metrics.hpp"

namespace yunzi::net {

namespace {

prometheus::Counter& counter(prometheus::Registry& registry, const char* name, const char* help) {
  return prometheus::BuildCounter().Name(name).Help(help).Register(registry).Add({});
}

}  // namespace

NetMetrics::NetMetrics(prometheus::Registry& registry)
    : connections_open(prometheus::BuildGauge()
                           .Name("yunzi_ws_connections_open")
                           .Help("WebSocket connections open now.")
                           .Register(registry)
                           .Add({})),
      connections_total(counter(registry, "yunzi_ws_connections_total", "WebSocket connections opened.")),
      frames_in(counter(registry, "yunzi_ws_frames_in_total", "WebSocket messages received.")),
      frames_out(counter(registry, "yunzi_ws_frames_out_total", "WebSocket messages sent.")),
      bytes_in(counter(registry, "yunzi_ws_bytes_in_total", "Bytes of WebSocket messages received.")),
      bytes_out(counter(registry, "yunzi_ws_bytes_out_total", "Bytes of WebSocket messages sent.")),
      messages_rate_limited(counter(registry, "yunzi_ws_messages_rate_limited_total",
                                    "Messages that arrived over the rate limit (answered rate_limited).")),
      closed_overflow(counter(registry, "yunzi_ws_closed_overflow_total",
                              "Connections closed because their send queue overflowed (a reader too slow).")),
      closed_flood(counter(registry, "yunzi_ws_closed_flood_total",
                           "Connections closed for flooding: over the rate limit too often.")),
      closed_too_big(
          counter(registry, "yunzi_ws_closed_too_big_total", "Connections closed for a message over the size limit.")),
      refused_per_address(counter(registry, "yunzi_ws_refused_per_address_total",
                                  "WebSocket upgrades refused: too many connections from one address.")),
      closed_idle(counter(registry, "yunzi_ws_closed_idle_total", "Connections closed after being idle too long.")),
      http_requests(counter(registry, "yunzi_http_requests_total", "Plain HTTP requests read (upgrades included).")),
      http_bad_framing(counter(registry, "yunzi_http_bad_framing_total",
                               "HTTP requests refused for ambiguous message framing (400 or 501).")),
      accept_failures(counter(registry, "yunzi_net_accept_failures_total", "Calls to accept() that failed.")) {}

}  // namespace yunzi::net
