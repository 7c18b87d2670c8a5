#include "server/http/tournament_export.hpp"

#include <charconv>

#include "core/rank.hpp"
#include "server/http/http_answer.hpp"
#include "server/http/http_reading.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::http {
namespace {

std::string number(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// The line number of the opponent met in `round` by the player on line `line`.
int opponent_line(const db::StoredTournament& t, const std::vector<protocol::TournamentStandingInfo>& standings,
                  std::size_t line, int round) {
  UserId self = 0;
  for (const auto& e : t.entrants) {
    if (e.name == standings[line].name) self = e.user_id;
  }
  for (const auto& p : t.pairings) {
    if (p.round != round || !p.white_id || (p.black_id != self && *p.white_id != self)) continue;
    const UserId opponent = p.black_id == self ? *p.white_id : p.black_id;
    for (const auto& e : t.entrants) {
      if (e.user_id != opponent) continue;
      for (std::size_t i = 0; i < standings.size(); ++i) {
        if (standings[i].name == e.name) return static_cast<int>(i) + 1;
      }
    }
  }
  return 0;
}

std::string h9_cell(const protocol::CrossTableCell& cell, int opponent) {
  if (cell.result == "bye") return "0+";
  if (cell.result.empty() || opponent == 0) return "0-";
  const std::string result = cell.result == "?" ? "?" : cell.result;
  return std::to_string(opponent) + result + "/" + cell.color;
}

}  // namespace

std::string standings_csv(const db::StoredTournament& t) {
  const auto standings = stored_tournaments::standings_of(t);
  std::string out = "group,place,name,rank,score,wins,sos,sosos,sodos,bonus";
  for (int round = 1; round <= t.current_round; ++round) out += ",r" + std::to_string(round);
  out += "\r\n";
  for (std::size_t i = 0; i < standings.size(); ++i) {
    const auto& s = standings[i];
    out += csv_field(s.group) + "," + std::to_string(s.place) + "," + csv_field(s.name) + "," + to_string(s.rank) +
           "," + number(s.score) + "," + std::to_string(s.wins) + "," + number(s.sos) + "," + number(s.sosos) + "," +
           number(s.sodos) + "," + std::to_string(s.bonus);
    for (const auto& cell : s.rounds) out += "," + h9_cell(cell, opponent_line(t, standings, i, cell.round));
    out += "\r\n";
  }
  return out;
}

std::string standings_h9(const db::StoredTournament& t) {
  const auto standings = stored_tournaments::standings_of(t);
  std::string out;
  out += "; EV[" + t.settings.name + "]\n";
  out += "; KM[" + number(t.settings.komi) + "]\n";
  out += "; HA[h9]\n";
  out += "; CM[" + t.settings.system + ", " + std::to_string(t.current_round) + " rounds played, yunzi]\n";
  out += ";\n; Num Name Rank Co Club Score SOS SODOS Rounds\n";
  std::string group;
  for (std::size_t i = 0; i < standings.size(); ++i) {
    const auto& s = standings[i];
    if (s.group != group) {
      group = s.group;
      out += "; group " + group + "\n";
    }
    out += std::to_string(i + 1) + " " + s.name + " " + to_string(s.rank) + " CN yunzi " + number(s.score) + " " +
           number(s.sos) + " " + number(s.sodos);
    for (const auto& cell : s.rounds) out += " " + h9_cell(cell, opponent_line(t, standings, i, cell.round));
    out += "\n";
  }
  return out;
}

namespace {

net::HttpResponse export_answer(bool csv, const db::DbResult<std::optional<db::StoredTournament>>& loaded) {
  if (!loaded) return http_answer(503, "database unavailable\n");
  if (!*loaded) return http_answer(404, "no such tournament\n");
  if (csv) return http_answer(200, standings_csv(**loaded), "no-cache", "text/csv; charset=utf-8");
  return http_answer(200, standings_h9(**loaded), "no-cache");
}

}  // namespace

bool tournament_export_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond) {
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
  read_and_respond<std::optional<db::StoredTournament>>(
      reads, [id](db::Stores& stores) { return stores.tournaments().load(id); },
      [csv = format == "csv"](db::DbResult<std::optional<db::StoredTournament>> loaded) {
        return export_answer(csv, loaded);
      },
      respond);
  return true;
}

}  // namespace yunzi::http
