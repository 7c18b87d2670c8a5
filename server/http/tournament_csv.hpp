// /tournaments/{id}.csv: a tournament's standings for a spreadsheet, one
// line per player with the cross-table (export_rounds.hpp), the groups one
// after the other.
#pragma once

#include <string>
#include <string_view>

#include "db/tournament_records.hpp"

namespace yunzi::http {

// One cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a
// line break). Text a spreadsheet would run as a formula (starting with =,
// +, -, @, a tab or a carriage return: a player may be called "-A1-c86b", an
// admin may name a group "=1+2") is quoted with a single quote before it,
// as OWASP advises against CSV injection, so it shows as the text it is.
std::string csv_cell(std::string_view text);

std::string standings_csv(const db::StoredTournament& t);

}  // namespace yunzi::http
