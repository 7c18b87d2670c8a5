#include "server/http/tournament_csv.hpp"

#include <vector>

#include "server/http/export_number.hpp"
#include "server/http/export_rounds.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::http {
namespace {

bool starts_a_formula(std::string_view text) {
  return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
}

std::string line_of(const std::vector<std::string>& cells) {
  std::string line;
  for (const auto& cell : cells) line += (line.empty() ? "" : ",") + csv_cell(cell);
  return line + "\r\n";
}

}  // namespace

std::string csv_cell(std::string_view text) {
  const bool formula = starts_a_formula(text);
  if (!formula && text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = formula ? "\"'" : "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string standings_csv(const db::StoredTournament& t) {
  const auto standings = stored_tournaments::standings_of(t);
  const auto rounds = export_rounds(t, standings, EvenGameHandicap::leave_out);
  std::vector<std::string> header{"group", "place", "name", "rank", "score", "wins", "sos", "sosos", "sodos", "bonus"};
  for (int round = 1; round <= t.current_round; ++round) header.push_back("r" + std::to_string(round));
  std::string out = line_of(header);
  // Every cell goes through csv_cell, the numbers too: none can start a formula today, and none will by accident.
  for (std::size_t i = 0; i < standings.size(); ++i) {
    const auto& s = standings[i];
    std::vector<std::string> cells{s.group,
                                   std::to_string(s.place),
                                   s.name,
                                   to_string(s.rank),
                                   export_number(s.score),
                                   std::to_string(s.wins),
                                   export_number(s.sos),
                                   export_number(s.sosos),
                                   export_number(s.sodos),
                                   std::to_string(s.bonus)};
    cells.insert(cells.end(), rounds[i].begin(), rounds[i].end());
    out += line_of(cells);
  }
  return out;
}

}  // namespace yunzi::http
