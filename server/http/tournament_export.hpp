// A tournament's standings and results for a club to send on:
// /tournaments/{id}.csv (one line per player, the cross-table included) and
// /tournaments/{id}.h9 (the EGF results format: players numbered by their
// line, each round as opponent number, result, colour). Groups follow each
// other in one file, numbered on, so every opponent number is unique.
#pragma once

#include <optional>
#include <string>

#include "db/read_pool.hpp"
#include "db/tournament_records.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

std::string standings_csv(const db::StoredTournament& t);
std::string standings_h9(const db::StoredTournament& t);

// Takes GET/HEAD of /tournaments/{id}.csv or .h9 (true) and answers it
// through `respond` once the tournament is read on a reader thread; false
// for any other request.
bool tournament_export_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond);

}  // namespace yunzi::http
