#include "server/http/http_routes.hpp"

#include "server/http/board_sgf.hpp"
#include "server/http/game_records.hpp"
#include "server/http/http_answer.hpp"
#include "server/http/http_reading.hpp"
#include "server/http/scraped_metrics.hpp"
#include "server/http/tournament_export.hpp"
#include "server/net/address_ranges.hpp"

namespace yunzi::http {
namespace {

bool is_get(const net::HttpRequest& request) { return request.method == "GET" || request.method == "HEAD"; }

// Readiness (/readyz): the node can take writes (its database writer's writes reach the disk, a cluster node's
// leases are renewed, a read succeeds). /healthz also fails while a cluster node has lost NATS: the node's own
// games go on then, and a NATS outage reaches every node at once, so a balancer that followed /healthz would take
// the whole cluster out; it is for monitoring.
net::AsyncHttpRoute health_route(std::string path, bool bus_counts, db::ReadPool& reads, const ScrapeSources& scrape) {
  return [path = std::move(path), bus_counts, &reads, &writer = scrape.writer, leases = scrape.leases,
          bus = scrape.bus](const net::HttpRequest& request, const net::HttpResponder& respond) {
    if (request.path() != path || !is_get(request)) return false;
    // A server that reads but cannot write loses every move: not healthy.
    const db::WriterHealth health = writer.health();
    if (health.failing) {
      respond(http_answer(503, "database writes failing (" + std::string(db::to_string(health.reason.kind)) +
                                   "): " + health.reason.message + "\n"));
      return true;
    }
    // A cluster node that cannot renew its leases is about to lose its games.
    if (const auto held = leases(); held && held->failing) {
      respond(http_answer(503, "cluster leases not renewed: " + held->failing->message + "\n"));
      return true;
    }
    // The node's own games go on without NATS, but it hears nothing of the other nodes.
    if (bus_counts) {
      if (const auto figures = bus(); figures && !figures->connected) {
        respond(http_answer(503, "NATS connection lost; reconnecting\n"));
        return true;
      }
    }
    read_and_respond<std::optional<db::UserRecord>>(
        reads, [](db::Stores& stores) { return stores.users().find_by_id(0); },
        [](db::DbResult<std::optional<db::UserRecord>> read) {
          if (!read) return http_answer(503, "database unavailable: " + read.error().message + "\n");
          return http_answer(200, "ok\n");
        },
        respond);
    return true;
  };
}

}  // namespace

std::vector<net::AsyncHttpRoute> http_routes(db::ReadPool& reads, ScrapeSources scrape,
                                             const prometheus::Registry& metrics,
                                             const std::vector<std::string>& metrics_allow,
                                             const TournamentExportOptions& exports) {
  std::vector<net::AsyncHttpRoute> routes;
  // Liveness: the process answers. A supervisor restarts a process that stops answering this, and nothing else.
  routes.push_back([](const net::HttpRequest& request, const net::HttpResponder& respond) {
    if (request.path() != "/livez" || !is_get(request)) return false;
    respond(http_answer(200, "ok\n"));
    return true;
  });
  routes.push_back(health_route("/readyz", false, reads, scrape));
  routes.push_back(health_route("/healthz", true, reads, scrape));
  routes.push_back([scrape, &metrics, allowed = net::AddressRanges(metrics_allow)](const net::HttpRequest& request,
                                                                                   const net::HttpResponder& respond) {
    if (request.path() != "/metrics" || !is_get(request)) return false;
    if (!allowed.contains(request.remote_ip)) {
      respond(http_answer(403, "forbidden\n"));
    } else {
      respond(http_answer(200, metrics_text(metrics, scrape), {}, "text/plain; version=0.0.4; charset=utf-8"));
    }
    return true;
  });
  routes.push_back([&reads](const net::HttpRequest& request, const net::HttpResponder& respond) {
    return game_record_route(reads, request, respond);
  });
  routes.push_back([&reads, exports](const net::HttpRequest& request, const net::HttpResponder& respond) {
    return tournament_export_route(reads, exports, request, respond);
  });
  routes.push_back([&reads](const net::HttpRequest& request, const net::HttpResponder& respond) {
    return board_record_route(reads, request, respond);
  });
  return routes;
}

}  // namespace yunzi::http
