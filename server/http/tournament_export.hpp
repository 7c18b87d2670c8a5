// The tournament exports' route: /tournaments/{id}.csv (tournament_csv.hpp)
// and /tournaments/{id}.h9 (tournament_h9.hpp), for a club to send on.
#pragma once

#include "db/read_pool.hpp"
#include "server/http/tournament_export_options.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

// Takes GET/HEAD of /tournaments/{id}.csv or .h9 (true) and answers it
// through `respond` once the tournament is read on a reader thread; false
// for any other request.
bool tournament_export_route(db::ReadPool& reads, const TournamentExportOptions& options,
                             const net::HttpRequest& request, const net::HttpResponder& respond);

}  // namespace yunzi::http
