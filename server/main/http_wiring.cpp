#include "server/main/http_wiring.hpp"

#include <optional>
#include <utility>

#include "server/http/http_routes.hpp"

namespace yunzi::server_main {

void add_http_routes(net::Server& server, Stores& stores, const app::App& app, const node::Node& node,
                     const prometheus::Registry& metrics, const std::vector<std::string>& metrics_allow,
                     const http::TournamentExportOptions& exports) {
  const http::ScrapeSources scrape{
      stores.writer(),
      [&app] {
        return http::LiveFigures{app.session_count(), app.game_count(), app.scoring_count(), app.open_boards()};
      },
      [&node]() -> std::optional<db::LeaseStats> { return node.lease_stats(); },
      [&node]() -> std::optional<http::BusFigures> { return node.bus_figures(); }};
  for (auto& route : http::http_routes(stores.reads(), scrape, metrics, metrics_allow, exports)) {
    server.add_async_route(std::move(route));
  }
}

}  // namespace yunzi::server_main
