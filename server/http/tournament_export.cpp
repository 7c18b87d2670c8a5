#include "server/http/tournament_export.hpp"

#include <charconv>
#include <optional>
#include <string>

#include "db/tournament_records.hpp"
#include "server/http/http_answer.hpp"
#include "server/http/http_reading.hpp"
#include "server/http/tournament_csv.hpp"
#include "server/http/tournament_h9.hpp"

namespace yunzi::http {
namespace {

net::HttpResponse export_answer(bool csv, const TournamentExportOptions& options,
                                const db::DbResult<std::optional<db::StoredTournament>>& loaded) {
  if (!loaded) return http_answer(503, "database unavailable\n");
  if (!*loaded) return http_answer(404, "no such tournament\n");
  if (csv) return http_answer(200, standings_csv(**loaded), "no-cache", "text/csv; charset=utf-8");
  return http_answer(200, standings_h9(**loaded, options), "no-cache");
}

}  // namespace

bool tournament_export_route(db::ReadPool& reads, const TournamentExportOptions& options,
                             const net::HttpRequest& request, const net::HttpResponder& respond) {
  const std::string path = request.path();
  constexpr std::string_view prefix = "/tournaments/";
  if (!path.starts_with(prefix) || (request.method != "GET" && request.method != "HEAD")) return false;
  const std::string_view rest = std::string_view(path).substr(prefix.size());
  const auto dot = rest.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view format = rest.substr(dot + 1);
  if (format != "csv" && format != "h9") return false;
  TournamentId id = 0;
  const auto digits = rest.substr(0, dot);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (ec != std::errc{} || end != digits.data() + digits.size() || id <= 0) {
    respond(http_answer(404, "no such tournament\n"));
    return true;
  }
  // The options are copied: the answer is made on a reader thread, after this call returns.
  read_and_respond<std::optional<db::StoredTournament>>(
      reads, [id](db::Stores& stores) { return stores.tournaments().load(id); },
      [csv = format == "csv", options](db::DbResult<std::optional<db::StoredTournament>> loaded) {
        return export_answer(csv, options, loaded);
      },
      respond);
  return true;
}

}  // namespace yunzi::http
