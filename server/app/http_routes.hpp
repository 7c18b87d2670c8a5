// The app's plain HTTP routes: GET /healthz (the database writer's state and
// a read), /metrics (Prometheus text, for trusted addresses) and a game's
// record (game_records.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/net/http_types.hpp"

namespace yunzi::app {

class App;

// net_metrics: the network layer's Prometheus lines. /metrics answers only
// clients in metrics_allow (IP literals or CIDR ranges), 403 to the rest.
std::vector<net::HttpRoute> http_routes(App& app, std::function<std::string()> net_metrics,
                                       const std::vector<std::string>& metrics_allow);

}  // namespace yunzi::app
