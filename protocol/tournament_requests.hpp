// The tournament requests: list, details, pairings, standings (with the
// cross-table), registration and withdrawal for players; creation, start,
// re-pairing, results and withdrawals for admins.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rank.hpp"
#include "core/role.hpp"
#include "protocol/settings.hpp"

namespace yunzi::protocol {

inline constexpr std::size_t max_tournament_name_chars = 80;
inline constexpr int max_tournament_rounds = 64;
inline constexpr int max_tournament_groups = 12;

struct TournamentGroupSpec {
  std::string name;
  Rank min_rank = lowest_rank;
  Rank max_rank = highest_rank;
  friend bool operator==(const TournamentGroupSpec&, const TournamentGroupSpec&) = default;
};

namespace req {

struct TournamentList {
  static constexpr std::string_view type = "tournament.list";
  int limit = 20;
};
struct TournamentInfo {
  static constexpr std::string_view type = "tournament.info";
  std::int64_t tournament = 0;
};
// round absent: the latest round paired.
struct TournamentPairings {
  static constexpr std::string_view type = "tournament.pairings";
  std::int64_t tournament = 0;
  std::optional<int> round;
};
struct TournamentStandings {
  static constexpr std::string_view type = "tournament.standings";
  std::int64_t tournament = 0;
};
struct TournamentRegister {
  static constexpr std::string_view type = "tournament.register";
  std::int64_t tournament = 0;
};
struct TournamentWithdraw {
  static constexpr std::string_view type = "tournament.withdraw";
  std::int64_t tournament = 0;
};

struct AdminTournamentCreate {
  static constexpr std::string_view type = "admin.tournament.create";
  std::string name;
  std::string system = "swiss";             // swiss, mcmahon, round_robin, single_elimination
  std::optional<std::string> preset;        // "promotion": the 升段赛's four groups and bonus table
  std::vector<TournamentGroupSpec> groups;  // none and no preset: one open group
  Rank mcmahon_bar = highest_rank;
  Rank mcmahon_floor = lowest_rank;
  RequestedSettings settings;  // size, komi, rated, time
  int rounds = 1;
  int registration_minutes = 60;
  std::string round_start = "when_done";     // when_done, fixed
  std::vector<std::int64_t> round_times_ms;  // fixed: the start of each round
  int round_gap_s = 60;  // when_done: the players see their results and their next pairing before it starts
  int no_show_s = 300;
  double bye_points = 1;                  // 0, 0.5 or 1
  std::optional<std::vector<int>> bonus;  // points for places 1, 2, ... of each group
  // After the score, in this order: sos, sos-1, sos-2, mos, sosos, sodos, wins, direct.
  std::vector<std::string> tie_breaks{"sos", "sosos", "sodos", "direct"};
  std::string pairing = "adjacent";  // within a score group: adjacent, fold, slide
  std::string first_round_pairing = "adjacent";
  // A McMahon's handicaps: the McMahon score difference less the reduction,
  // at most handicap_max stones (0: even games).
  int handicap_max = 0;
  int handicap_reduction = 1;
};
// Changes a tournament still in registration: any of the creation's fields
// (registration_minutes counts from now); the others keep their values.
struct AdminTournamentEdit {
  static constexpr std::string_view type = "admin.tournament.edit";
  static constexpr std::array<std::string_view, 20> editable{"name",
                                                             "system",
                                                             "preset",
                                                             "groups",
                                                             "mcmahon_bar",
                                                             "mcmahon_floor",
                                                             "settings",
                                                             "rounds",
                                                             "registration_minutes",
                                                             "round_start",
                                                             "round_times_ms",
                                                             "round_gap_s",
                                                             "no_show_s",
                                                             "bye_points",
                                                             "bonus",
                                                             "tie_breaks",
                                                             "pairing",
                                                             "first_round_pairing",
                                                             "handicap_max",
                                                             "handicap_reduction"};
  std::int64_t tournament = 0;
  AdminTournamentCreate change;
  std::vector<std::string> fields;  // the fields given, in the order above
  std::string reason;
};
// Ends a tournament: one in registration ends unplayed, a paired round that
// has not started is dropped, a round in play is the last.
struct AdminTournamentEnd {
  static constexpr std::string_view type = "admin.tournament.end";
  std::int64_t tournament = 0;
  std::string reason;
};
struct AdminTournamentStart {
  static constexpr std::string_view type = "admin.tournament.start";
  std::int64_t tournament = 0;
  std::string reason;
};
struct AdminTournamentRepair {
  static constexpr std::string_view type = "admin.tournament.repair";
  std::int64_t tournament = 0;
  std::string reason;
};
// result: black_wins, white_wins, jigo, both_lose.
struct AdminTournamentResult {
  static constexpr std::string_view type = "admin.tournament.result";
  std::int64_t tournament = 0;
  std::int64_t pairing = 0;
  std::string result;
  std::string reason;
};
struct AdminTournamentWithdraw {
  static constexpr std::string_view type = "admin.tournament.withdraw";
  std::int64_t tournament = 0;
  std::string user;
  std::string reason;
};

}  // namespace req
}  // namespace yunzi::protocol
