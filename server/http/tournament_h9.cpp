#include "server/http/tournament_h9.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

#include "db/time_text.hpp"
#include "server/http/export_number.hpp"
#include "server/http/export_rounds.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::http {
namespace {

// A header value inside its brackets: a bracket of its own would end it
// early, a control character would break the line.
std::string header_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '[') out += '(';
    else if (c == ']') out += ')';
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) out += ' ';
    else out += c;
  }
  return out;
}

// The first and the last day of play: from the earliest round's start to the
// latest round's end (a round not started yet counts its planned start);
// before round 1 is paired, the day registration closes.
std::string days_of_play(const db::StoredTournament& t) {
  std::optional<TimeMs> first, last;
  const auto count = [&](std::optional<TimeMs> at) {
    if (!at) return;
    first = std::min(first.value_or(*at), *at);
    last = std::max(last.value_or(*at), *at);
  };
  for (const auto& r : t.rounds) {
    count(r.started_ms ? r.started_ms : r.scheduled_ms);
    count(r.ended_ms);
  }
  if (!first) count(t.settings.registration_closes_ms);
  return db::utc_date_text(*first) + "," + db::utc_date_text(*last);
}

// EGF's basic time: the main time, in whole minutes (a game without a clock: 0).
std::string basic_minutes(const db::TournamentSettings& s) {
  const TimeControl clock = stored_tournaments::game_settings_of(s).time;
  if (clock.system == TimeSystem::none) return "0";
  return std::to_string((clock.main_ms + 30'000) / 60'000);
}

// A player's name as one token of the line. A yunzi name has letters, digits,
// '_' and '-' only; should an older one hold anything else ASCII (a space
// splits the token, ';' starts a comment, '|' the PIN), it becomes '_'.
std::string name_token(std::string_view name) {
  std::string out;
  for (char c : name) {
    const bool ascii_word =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    out += static_cast<unsigned char>(c) >= 0x80 || ascii_word ? c : '_';
  }
  return out;
}

// Characters as a reader's columns count them: UTF-8 continuation bytes add none.
std::size_t width(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

std::string pad_right(std::string text, std::size_t to) {
  return text + std::string(to - std::min(to, width(text)), ' ');
}
std::string pad_left(const std::string& text, std::size_t to) {
  return std::string(to - std::min(to, width(text)), ' ') + text;
}

// Each column as wide as its widest entry, so that the columns line up.
std::vector<std::size_t> column_widths(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  }
  return widths;
}

// The comment lines the EGF reads its tournament data from, and the columns' names.
std::string header(const db::StoredTournament& t, const TournamentExportOptions& options) {
  std::string out;
  out += "; EV[" + header_text(t.settings.name) + "]\n";
  // An online tournament's place is the server: the organiser's country, and the club for the city.
  out += "; PC[" + options.country + "," + options.club + "]\n";
  out += "; DT[" + days_of_play(t) + "]\n";
  // The most stones a game was given (h0: even games); each round writes its game's own handicap.
  const int cap = t.settings.system == "mcmahon" ? t.settings.handicap_max : 0;
  out += "; HA[h" + std::to_string(cap) + "]\n";
  out += "; KM[" + export_number(t.settings.komi) + "]\n";
  out += "; TM[" + basic_minutes(t.settings) + "]\n";
  out += "; CL[" + options.tournament_class + "]\n";
  out += "; CM[" + t.settings.system + ", " + std::to_string(t.current_round) + " rounds played, yunzi]\n";
  out += ";\n; Num Name Rank Co Club Score SOS SODOS";
  for (int round = 1; round <= t.current_round; ++round) out += " R" + std::to_string(round);
  return out + "\n";
}

}  // namespace

std::string standings_h9(const db::StoredTournament& t, const TournamentExportOptions& options) {
  const auto standings = stored_tournaments::standings_of(t);
  const auto rounds = export_rounds(t, standings, EvenGameHandicap::write_zero);
  // Number, name, rank, country, club, score, SOS, SODOS, then the rounds.
  constexpr std::size_t first_score = 5, first_round = 8;
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < standings.size(); ++i) {
    const auto& s = standings[i];
    std::vector<std::string> row{std::to_string(i + 1), name_token(s.name),    std::string(to_string(s.rank)),
                                 options.country,       options.club,          export_number(s.score),
                                 export_number(s.sos),  export_number(s.sodos)};
    row.insert(row.end(), rounds[i].begin(), rounds[i].end());
    rows.push_back(std::move(row));
  }
  const auto widths = column_widths(rows);
  std::string out = header(t, options);
  std::string group;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (standings[i].group != group) {
      group = standings[i].group;
      out += "; group " + header_text(group) + "\n";
    }
    // Numbers to the right of their column, words and rounds to the left.
    std::string line = pad_left(rows[i][0], widths[0]);
    for (std::size_t c = 1; c < rows[i].size(); ++c) {
      const bool number = c >= first_score && c < first_round;
      line += " " + (number ? pad_left(rows[i][c], widths[c]) : pad_right(rows[i][c], widths[c]));
    }
    out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  }
  return out;
}

}  // namespace yunzi::http
