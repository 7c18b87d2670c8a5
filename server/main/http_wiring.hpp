// The plain HTTP routes on the server (server/http): the records and
// downloads read through the read pool, /healthz and /metrics with the
// writer's health, the App's live figures and the node's, /metrics for
// the clients `metrics_allow` names, the tournament exports with what the
// settings say of the organiser.
#pragma once

#include <string>
#include <vector>

#include <prometheus/registry.h>

#include "server/app/app.hpp"
#include "server/http/tournament_export_options.hpp"
#include "server/main/stores.hpp"
#include "server/net/server.hpp"
#include "server/node/node.hpp"

namespace yunzi::server_main {

// Before the server starts; the routes read `stores`, `app` and `node`
// until the server is shut down.
void add_http_routes(net::Server& server, Stores& stores, const app::App& app, const node::Node& node,
                     const prometheus::Registry& metrics, const std::vector<std::string>& metrics_allow,
                     const http::TournamentExportOptions& exports);

}  // namespace yunzi::server_main
