#include "server/http/scraped_metrics.hpp"

#include <algorithm>

#include <prometheus/text_serializer.h>

namespace yunzi::http {
namespace {

prometheus::ClientMetric sample(double value, prometheus::MetricType type,
                                std::vector<prometheus::ClientMetric::Label> labels = {}) {
  prometheus::ClientMetric metric;
  metric.label = std::move(labels);
  if (type == prometheus::MetricType::Counter) {
    metric.counter.value = value;
  } else {
    metric.gauge.value = value;
  }
  return metric;
}

prometheus::MetricFamily family(std::string name, std::string help, prometheus::MetricType type,
                                std::vector<prometheus::ClientMetric> metrics) {
  return prometheus::MetricFamily{std::move(name), std::move(help), type, std::move(metrics)};
}

prometheus::MetricFamily gauge(std::string name, std::string help, double value) {
  return family(std::move(name), std::move(help), prometheus::MetricType::Gauge,
                {sample(value, prometheus::MetricType::Gauge)});
}

prometheus::MetricFamily counter(std::string name, std::string help, std::uint64_t value) {
  return family(std::move(name), std::move(help), prometheus::MetricType::Counter,
                {sample(static_cast<double>(value), prometheus::MetricType::Counter)});
}

// A cluster node's hold on its games (db::LeaseKeeper).
void add_cluster_figures(std::vector<prometheus::MetricFamily>& out, const db::LeaseStats& leases) {
  out.push_back(gauge("yunzi_cluster_games_owned", "Cluster: games this node held at its latest lease renewal.",
                      static_cast<double>(leases.held)));
  out.push_back(counter("yunzi_cluster_lease_rounds_total", "Cluster: lease rounds (renewal, then claims of orphans).",
                        leases.rounds));
  out.push_back(counter("yunzi_cluster_lease_renewal_failures_total",
                        "Cluster: lease renewals that did not reach the database.", leases.renewal_failures));
  out.push_back(counter("yunzi_cluster_lease_claims_total",
                        "Cluster: orphaned games this node claimed (another node's lease ran out).", leases.claims));
  out.push_back(gauge("yunzi_cluster_lease_renewal_seconds", "Cluster: the latest renewal's round trip.",
                      static_cast<double>(leases.last_renewal_us) / 1e6));
  out.push_back(gauge("yunzi_cluster_lease_failing", "Cluster: 1 while the latest lease renewal failed, else 0.",
                      leases.failing ? 1.0 : 0.0));
}

void add_bus_figures(std::vector<prometheus::MetricFamily>& out, const BusFigures& bus) {
  out.push_back(gauge("yunzi_cluster_nats_connected", "Cluster: 1 while the node is connected to NATS, else 0.",
                      bus.connected ? 1.0 : 0.0));
  out.push_back(counter("yunzi_cluster_nats_reconnects_total", "Cluster: reconnections to NATS.", bus.reconnects));
  out.push_back(gauge("yunzi_cluster_nats_round_trip_seconds",
                      "Cluster: the latest request over NATS answered by another node (a ping each heartbeat).",
                      static_cast<double>(bus.last_round_trip_us) / 1e6));
  out.push_back(gauge("yunzi_cluster_nodes_seen", "Cluster: other nodes heard from within five heartbeats (2.5 s).",
                      static_cast<double>(bus.nodes_seen)));
  out.push_back(counter("yunzi_cluster_relay_messages_total",
                        "Cluster: bus messages that carried this node's games' frames to other nodes' connections.",
                        bus.relay_messages));
  out.push_back(counter("yunzi_cluster_relay_deliveries_total",
                        "Cluster: this node's games' frames for other nodes' connections, once per connection.",
                        bus.relay_deliveries));
}

}  // namespace

std::vector<prometheus::MetricFamily> scraped_metrics(const ScrapeSources& sources) {
  using prometheus::MetricType;
  const db::WriterStats writer = sources.writer.stats();
  const LiveFigures live = sources.live();
  const std::size_t games = live.games;
  const std::size_t scoring = std::min(live.scoring, games);
  prometheus::ClientMetric commits;
  commits.summary.sample_count = writer.batches;
  commits.summary.sample_sum = writer.commit_seconds_total;

  std::vector<prometheus::MetricFamily> out;
  out.push_back(
      gauge("yunzi_connections", "Open WebSocket sessions of the application.", static_cast<double>(live.sessions)));
  out.push_back(gauge("yunzi_games_in_progress", "Games being played now.", static_cast<double>(games)));
  out.push_back(family("yunzi_games", "Games in progress by phase: play, or scoring after two passes.",
                       MetricType::Gauge,
                       {sample(static_cast<double>(games - scoring), MetricType::Gauge, {{"phase", "play"}}),
                        sample(static_cast<double>(scoring), MetricType::Gauge, {{"phase", "scoring"}})}));
  out.push_back(gauge("yunzi_boards_open", "Analysis boards in memory (watched, or used within board_idle_s).",
                      static_cast<double>(live.open_boards)));
  out.push_back(gauge("yunzi_db_queue_depth", "Work items waiting for the writer thread.",
                      static_cast<double>(writer.queue_depth)));
  out.push_back(gauge("yunzi_db_commit_last_seconds", "BEGIN to COMMIT of the latest batch.",
                      static_cast<double>(writer.last_commit_us) / 1e6));
  out.push_back(gauge("yunzi_db_commit_max_seconds", "The slowest batch so far.",
                      static_cast<double>(writer.max_commit_us) / 1e6));
  out.push_back(family("yunzi_db_commit_seconds", "Time from BEGIN to COMMIT per batch.", MetricType::Summary,
                       {std::move(commits)}));
  out.push_back(counter("yunzi_db_items_committed_total", "Writer items committed.", writer.items_committed));
  out.push_back(counter("yunzi_db_items_failed_total", "Writer items that failed.", writer.items_failed));
  out.push_back(counter("yunzi_db_write_failures_total",
                        "Batches the database refused to store (disk full, I/O error, lock held elsewhere).",
                        writer.write_failures));
  out.push_back(gauge("yunzi_db_writer_failing", "1 while the latest write to the database failed, else 0.",
                      sources.writer.health().failing ? 1.0 : 0.0));
  if (const auto leases = sources.leases()) add_cluster_figures(out, *leases);
  if (const auto bus = sources.bus()) add_bus_figures(out, *bus);
  return out;
}

std::string metrics_text(const prometheus::Registry& registry, const ScrapeSources& sources) {
  std::vector<prometheus::MetricFamily> families = registry.Collect();
  std::vector<prometheus::MetricFamily> scraped = scraped_metrics(sources);
  families.insert(families.end(), std::make_move_iterator(scraped.begin()), std::make_move_iterator(scraped.end()));
  return prometheus::TextSerializer().Serialize(families);
}

}  // namespace yunzi::http
