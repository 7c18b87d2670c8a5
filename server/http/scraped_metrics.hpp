// /metrics: the counters registered in the process's prometheus::Registry
// (the network layer's and AppMetrics), and the figures read when a scrape
// asks rather than counted as things happen: sessions, games and boards in
// memory, and the database writer's statistics. One text, in Prometheus'
// text format, every family with its HELP and TYPE lines.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <prometheus/metric_family.h>
#include <prometheus/registry.h>

#include "db/lease_keeper.hpp"
#include "db/writer.hpp"

namespace yunzi::http {

// What the application holds in memory at the moment of a scrape.
struct LiveFigures {
  std::size_t sessions = 0;
  std::size_t games = 0;
  std::size_t scoring = 0;  // of the games, those after two passes
  std::size_t open_boards = 0;
};

// A cluster node's NATS bus and the nodes it hears of.
struct BusFigures {
  bool connected = false;
  std::uint64_t reconnects = 0;
  std::int64_t last_round_trip_us = 0;  // the latest request answered
  std::size_t nodes_seen = 0;           // other nodes heard within five heartbeats
  // Games' frames for other nodes' connections: the bus messages that carried
  // them, and the frames times the connections each was for.
  std::uint64_t relay_messages = 0;
  std::uint64_t relay_deliveries = 0;
};

// Where a scrape reads the figures from; all safe from any thread.
struct ScrapeSources {
  const db::Writer& writer;
  std::function<LiveFigures()> live;
  // A cluster node's lease keeper; nothing on a single node.
  std::function<std::optional<db::LeaseStats>()> leases = [] { return std::nullopt; };
  // A cluster node's NATS bus; nothing without one.
  std::function<std::optional<BusFigures>()> bus = [] { return std::nullopt; };
};

// The figures read at scrape time.
std::vector<prometheus::MetricFamily> scraped_metrics(const ScrapeSources& sources);

// The registry's families followed by the scraped ones.
std::string metrics_text(const prometheus::Registry& registry, const ScrapeSources& sources);

}  // namespace yunzi::http
