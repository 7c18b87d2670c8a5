#include "server/app/http_routes.hpp"

#include <algorithm>
#include <charconv>

#include "server/app/app.hpp"
#include "server/app/board_service.hpp"
#include "server/app/board_sgf.hpp"
#include "server/app/game_records.hpp"
#include "server/app/tournament_export.hpp"
#include "server/net/address_ranges.hpp"

namespace yunzi::app {
namespace {

net::HttpResponse text(unsigned status, std::string body, std::string type = "text/plain; charset=utf-8") {
  net::HttpResponse response;
  response.status = status;
  response.content_type = std::move(type);
  response.body = std::move(body);
  return response;
}

bool is_get(const net::HttpRequest& request) { return request.method == "GET" || request.method == "HEAD"; }

std::string gauge(std::string_view name, std::string_view help, double value, std::string_view type = "gauge") {
  std::string out = "# HELP " + std::string(name) + " " + std::string(help) + "\n# TYPE " + std::string(name) + " " +
                    std::string(type) + "\n" + std::string(name) + " ";
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
  return out + "\n";
}

std::string render_metrics(App& app, const std::string& net_lines) {
  const db::WriterStats writer = app.writer.stats();
  std::string out = net_lines;
  out += gauge("yunzi_connections", "Open WebSocket sessions of the application.",
               static_cast<double>(app.online.session_count()));
  const std::size_t games = app.games.size();
  const std::size_t scoring = std::min(app.games.scoring_count(), games);
  out += gauge("yunzi_games_in_progress", "Games being played now.", static_cast<double>(games));
  out += "# HELP yunzi_games Games in progress by phase: play, or scoring after two passes.\n# TYPE yunzi_games gauge\n";
  out += "yunzi_games{phase=\"play\"} " + std::to_string(games - scoring) + "\n";
  out += "yunzi_games{phase=\"scoring\"} " + std::to_string(scoring) + "\n";
  out += gauge("yunzi_boards_open", "Analysis boards in memory (watched, or used within board_idle_s).",
               static_cast<double>(app.boards->open_boards()));
  out += app.metrics.render();
  out += gauge("yunzi_db_queue_depth", "Work items waiting for the writer thread.",
               static_cast<double>(writer.queue_depth));
  out += gauge("yunzi_db_commit_last_seconds", "BEGIN to COMMIT of the latest batch.",
               static_cast<double>(writer.last_commit_us) / 1e6);
  out += gauge("yunzi_db_commit_max_seconds", "The slowest batch so far.", static_cast<double>(writer.max_commit_us) / 1e6);
  out += "# HELP yunzi_db_commit_seconds Time from BEGIN to COMMIT per batch.\n# TYPE yunzi_db_commit_seconds summary\n";
  out += "yunzi_db_commit_seconds_sum " + std::to_string(writer.commit_seconds_total) + "\n";
  out += "yunzi_db_commit_seconds_count " + std::to_string(writer.batches) + "\n";
  out += gauge("yunzi_db_items_committed_total", "Writer items committed.", static_cast<double>(writer.items_committed),
               "counter");
  out += gauge("yunzi_db_items_failed_total", "Writer items that failed.", static_cast<double>(writer.items_failed),
               "counter");
  out += gauge("yunzi_db_write_failures_total",
               "Batches the database refused to store (disk full, I/O error, lock held elsewhere).",
               static_cast<double>(writer.write_failures), "counter");
  out += gauge("yunzi_db_writer_failing", "1 while the latest write to the database failed, else 0.",
               app.writer.health().failing ? 1.0 : 0.0);
  return out;
}

}  // namespace

std::vector<net::HttpRoute> http_routes(App& app, std::function<std::string()> net_metrics,
                                       const std::vector<std::string>& metrics_allow) {
  std::vector<net::HttpRoute> routes;
  routes.push_back([&app](const net::HttpRequest& request) -> std::optional<net::HttpResponse> {
    if (request.path() != "/healthz" || !is_get(request)) return std::nullopt;
    // A server that reads but cannot write loses every move: not healthy.
    const db::WriterHealth writer = app.writer.health();
    if (writer.failing) {
      return text(503, "database writes failing (" + std::string(db::to_string(writer.reason.kind)) +
                           "): " + writer.reason.message + "\n");
    }
    auto read = app.reads.read<std::optional<db::UserRecord>>(
        [](db::Stores& stores) { return stores.users().find_by_id(0); });
    if (!read) return text(503, "database unavailable: " + read.error().message + "\n");
    return text(200, "ok\n");
  });
  routes.push_back([&app, net_metrics, allowed = net::AddressRanges(metrics_allow)](
                       const net::HttpRequest& request) -> std::optional<net::HttpResponse> {
    if (request.path() != "/metrics" || !is_get(request)) return std::nullopt;
    if (!allowed.contains(request.remote_ip)) return text(403, "forbidden\n");
    return text(200, render_metrics(app, net_metrics()), "text/plain; version=0.0.4; charset=utf-8");
  });
  routes.push_back([&app](const net::HttpRequest& request) { return game_record_route(app, request); });
  routes.push_back([&app](const net::HttpRequest& request) { return tournament_export_route(app, request); });
  routes.push_back([&app](const net::HttpRequest& request) { return board_record_route(app, request); });
  return routes;
}

}  // namespace yunzi::app
