// What every HTTP and WebSocket session of one Server shares: settings, the
// application's handler and routes, counters and the registry. Owned by the
// Server, which outlives every session.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "server/net/address_slots.hpp"
#include "server/net/forwarded_for.hpp"
#include "server/net/handler.hpp"
#include "server/net/http_types.hpp"
#include "server/net/net_config.hpp"
#include "server/net/net_metrics.hpp"
#include "server/net/session_registry.hpp"
#include "server/net/static_files.hpp"

namespace yunzi::net {

struct SessionContext {
  SessionContext(NetConfig config_in, Handler& handler_in, prometheus::Registry& metrics_registry)
      : config(std::move(config_in)),
        handler(handler_in),
        trusted_proxies(config.trusted_proxies),
        address_slots(config.max_connections_per_address),
        static_site(config.static_dir.empty() ? StaticSite{} : StaticSite::load(config.static_dir)),
        metrics(metrics_registry) {}

  const NetConfig config;
  Handler& handler;
  const TrustedProxies trusted_proxies;
  AddressSlots address_slots;          // WebSocket connections per client address
  const StaticSite static_site;        // the static directory, read once at start
  std::vector<AsyncHttpRoute> routes;  // fixed once the server runs
  NetMetrics metrics;
  SessionRegistry registry;
  std::atomic<std::uint64_t> next_connection_id{1};
  std::atomic<bool> shutting_down{false};
};

}  // namespace yunzi::net
