// Counters of the network layer for /metrics, registered in the process's
// prometheus::Registry when the Server is built. Each member is the one
// unlabelled child of its family, kept so that a bump on a hot path (every
// frame) is one atomic add and no lookup.
#pragma once

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/registry.h>

namespace yunzi::net {

struct NetMetrics {
  explicit NetMetrics(prometheus::Registry& registry);

  prometheus::Gauge& connections_open;
  prometheus::Counter& connections_total;
  prometheus::Counter& frames_in;
  prometheus::Counter& frames_out;
  prometheus::Counter& bytes_in;
  prometheus::Counter& bytes_out;
  prometheus::Counter& messages_rate_limited;
  prometheus::Counter& closed_overflow;
  prometheus::Counter& closed_flood;
  prometheus::Counter& closed_too_big;
  prometheus::Counter& refused_per_address;  // upgrades over max_connections_per_address
  prometheus::Counter& closed_idle;
  prometheus::Counter& http_requests;
  prometheus::Counter& http_bad_framing;  // refused for ambiguous framing (400/501)
  prometheus::Counter& accept_failures;   // accept() calls that failed
};

}  // namespace yunzi::net
