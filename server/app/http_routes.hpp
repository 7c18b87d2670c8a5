// The app's plain HTTP routes: GET /healthz (the database writer's state and
// a read), /metrics (Prometheus text, for trusted addresses),
// /games/{id}.sgf and /games/{id}.txt (a text diagram of the current or final
// position).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "engine/expected.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::app {

class App;

// "/games/42.sgf" -> {42, "sgf"}; nullopt for anything else.
struct GamePath {
  db::GameId id = 0;
  std::string format;
};
std::optional<GamePath> parse_game_path(const std::string& path);

// The position after the stored moves, as the engine's text diagram.
Expected<std::string, std::string> game_diagram(const db::GameWithMoves& game);

// net_metrics: the network layer's Prometheus lines. /metrics answers only
// clients in metrics_allow (IP literals or CIDR ranges), 403 to the rest.
std::vector<net::HttpRoute> http_routes(App& app, std::function<std::string()> net_metrics,
                                       const std::vector<std::string>& metrics_allow);

}  // namespace yunzi::app
