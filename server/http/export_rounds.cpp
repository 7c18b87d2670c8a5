#include "server/http/export_rounds.hpp"

#include <map>
#include <utility>

#include "server/stored_tournaments/tournament_rounds.hpp"

namespace yunzi::http {
namespace {

// What the EGF format writes for a bye: a free win, a free half point or a free round.
std::string bye_cell(const db::TournamentSettings& settings) {
  const int half_points = stored_tournaments::score_rules_of(settings).bye_points;
  return half_points >= 2 ? "0+" : half_points == 1 ? "0=" : "0-";
}

}  // namespace

std::vector<std::vector<std::string>> export_rounds(const db::StoredTournament& t,
                                                    const std::vector<protocol::TournamentStandingInfo>& standings,
                                                    EvenGameHandicap even) {
  // The standings name players; the pairings hold user ids: each user's line, once.
  std::map<std::string, int> line_of_name;
  for (std::size_t i = 0; i < standings.size(); ++i) line_of_name[standings[i].name] = static_cast<int>(i) + 1;
  std::map<UserId, int> line_of_user;
  for (const auto& e : t.entrants) {
    if (auto found = line_of_name.find(e.name); found != line_of_name.end()) line_of_user[e.user_id] = found->second;
  }
  const auto line_of = [&line_of_user](UserId user) {
    auto found = line_of_user.find(user);
    return found == line_of_user.end() ? 0 : found->second;
  };
  std::map<std::pair<int, int>, int> opponent;  // (line, round) -> the opponent's line
  std::map<std::pair<int, int>, int> handicap;  // (line, round) -> the game's handicap
  for (const auto& p : t.pairings) {
    if (!p.white_id) continue;
    opponent[{line_of(p.black_id), p.round}] = line_of(*p.white_id);
    opponent[{line_of(*p.white_id), p.round}] = line_of(p.black_id);
    handicap[{line_of(p.black_id), p.round}] = handicap[{line_of(*p.white_id), p.round}] = p.handicap;
  }
  const auto handicap_text = [&](int line, int round) {
    const auto found = handicap.find({line, round});
    const int stones = found == handicap.end() ? 0 : found->second;
    return stones == 0 && even == EvenGameHandicap::leave_out ? std::string() : std::to_string(stones);
  };

  const std::string bye = bye_cell(t.settings);
  std::vector<std::vector<std::string>> out;
  for (std::size_t i = 0; i < standings.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    std::vector<std::string> cells;
    for (const auto& cell : standings[i].rounds) {
      const auto met = opponent.find({line, cell.round});
      if (cell.result == "bye") {
        cells.push_back(bye);
      } else if (cell.result.empty() || met == opponent.end() || met->second == 0) {
        cells.push_back("0-");
      } else {
        cells.push_back(std::to_string(met->second) + cell.result + "/" + cell.color + handicap_text(line, cell.round));
      }
    }
    out.push_back(std::move(cells));
  }
  return out;
}

}  // namespace yunzi::http
