// The app's plain HTTP routes: GET /healthz (a database read), /metrics
// (Prometheus text) and a game's record (game_records.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/net/http_types.hpp"

namespace yunzi::app {

class App;

// net_metrics: the network layer's Prometheus lines.
std::vector<net::HttpRoute> http_routes(App& app, std::function<std::string()> net_metrics);

}  // namespace yunzi::app
