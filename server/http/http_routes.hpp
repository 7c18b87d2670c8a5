// The app's plain HTTP routes: GET /livez (the process answers), /readyz (it
// can take writes: the database writer's state, a cluster node's leases and a
// read), /healthz (the same, and a cluster node's NATS link), /metrics (Prometheus text, for trusted addresses), a
// game's record (game_records.hpp), a tournament's standings (tournament_export.hpp) and an analysis board
// (board_sgf.hpp). Every route that reads the database reads on a reader thread of the read pool (http_reading.hpp).
#pragma once

#include <string>
#include <vector>

#include <prometheus/registry.h>

#include "db/read_pool.hpp"
#include "server/http/scraped_metrics.hpp"
#include "server/http/tournament_export_options.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

// reads: where the routes read the database; scrape: the writer and the
// application's figures for /healthz and /metrics. metrics: the process's
// registry (the network layer's counters and the app's). /metrics answers
// only clients in metrics_allow (IP literals or CIDR ranges), 403 to the rest.
// exports: what the tournament exports say of the server (country, club, class).
std::vector<net::AsyncHttpRoute> http_routes(db::ReadPool& reads, ScrapeSources scrape,
                                             const prometheus::Registry& metrics,
                                             const std::vector<std::string>& metrics_allow,
                                             const TournamentExportOptions& exports);

}  // namespace yunzi::http
