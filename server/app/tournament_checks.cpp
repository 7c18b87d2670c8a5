#include "server/app/tournament_checks.hpp"

#include <algorithm>

namespace yunzi::app {
namespace {

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

std::string band(const db::TournamentGroup& g) { return to_string(g.min_rank) + " to " + to_string(g.max_rank); }

std::string group_problem(const std::vector<db::TournamentGroup>& groups) {
  for (std::size_t i = 0; i < groups.size(); ++i) {
    for (std::size_t j = i + 1; j < groups.size(); ++j) {
      const auto& a = groups[i];
      const auto& b = groups[j];
      if (a.name == b.name) return "two groups are named " + quoted(a.name) + "; each group needs a name of its own";
      const Rank low = std::max(a.min_rank, b.min_rank);
      const Rank high = std::min(a.max_rank, b.max_rank);
      if (low <= high) {
        const std::string shared =
            low == high ? "at " + to_string(low) : "from " + to_string(low) + " to " + to_string(high);
        return "the rank bands of groups " + quoted(a.name) + " (" + band(a) + ") and " + quoted(b.name) + " (" +
               band(b) + ") overlap " + shared + "; a rank may belong to one group only";
      }
    }
  }
  return {};
}

// A bar or floor away from its default was asked for (the defaults, 9d and
// 18k, leave every start at the rank itself, as if there were none).
std::string mcmahon_problem(const db::TournamentSettings& s) {
  const db::TournamentSettings defaults;
  const bool has_bar = s.mcmahon_bar != defaults.mcmahon_bar;
  const bool has_floor = s.mcmahon_floor != defaults.mcmahon_floor;
  if (s.system != "mcmahon" && (has_bar || has_floor)) {
    const std::string which = has_bar && has_floor ? "mcmahon_bar and mcmahon_floor are"
                              : has_bar            ? "mcmahon_bar is"
                                                   : "mcmahon_floor is";
    return which + " for a mcmahon tournament only, and this one's system is " + s.system;
  }
  if (s.mcmahon_floor > s.mcmahon_bar) return "mcmahon_floor must not be above the bar";
  // A Swiss score counts wins, not strength: a difference of it is no handicap.
  if (s.system != "mcmahon" && s.handicap_max > 0) {
    return "handicap_max is for a mcmahon tournament only, and this one's system is " + s.system;
  }
  return {};
}

}  // namespace

std::string definition_problem(const db::TournamentSettings& s) {
  if (std::string why = group_problem(s.groups); !why.empty()) return why;
  if (std::string why = mcmahon_problem(s); !why.empty()) return why;
  if (s.round_start == "fixed" && static_cast<int>(s.round_times.size()) != s.rounds) {
    return "fixed round times need one time per round";
  }
  return {};
}

}  // namespace yunzi::app
