// /tournaments/{id}.h9: a tournament's results in the EGF results format,
// for the European Go Database and the programs that read it. The header's
// comment lines say what the rating needs (EV name, PC country and place,
// DT first and last day of play, HA handicap rule, KM komi, TM basic time in
// minutes, CL class); then one line per player, numbered over all groups:
// number, name, rank, country, club, score, SOS, SODOS and the rounds
// (export_rounds.hpp), in columns.
#pragma once

#include <string>

#include "db/tournament_records.hpp"
#include "server/http/tournament_export_options.hpp"

namespace yunzi::http {

std::string standings_h9(const db::StoredTournament& t, const TournamentExportOptions& options);

}  // namespace yunzi::http
