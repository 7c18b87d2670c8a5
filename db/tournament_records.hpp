// The rows of a tournament as the tournament store reads and writes them:
// the settings, the groups (rank bands), the bonus-point table, entrants,
// rounds and pairings. Outcomes are spelled as server/tournament names them;
// scores are in half points.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"

namespace yunzi::db {

struct TournamentGroup {
  std::int64_t id = 0;  // set by the store
  std::string name;
  Rank min_rank = lowest_rank;  // both included
  Rank max_rank = highest_rank;
};

struct BonusPoints {
  int place = 1;
  int points = 0;
};

struct TournamentSettings {
  std::string name;
  std::string system = "swiss";  // swiss, mcmahon, round_robin, single_elimination
  Rank mcmahon_bar = highest_rank;
  Rank mcmahon_floor = lowest_rank;
  int size = 19;
  double komi = 7.5;
  std::string clock_json;  // the server's clock settings (opaque here)
  bool rated = true;
  int rounds = 1;
  TimeMs registration_opens_ms = 0;
  TimeMs registration_closes_ms = 0;
  std::string round_start = "when_done";  // fixed, when_done
  TimeMs round_gap_ms = 0;
  TimeMs no_show_ms = 0;
  int bye_points = 2;
  std::string tie_breaks = "sos,sosos,sodos,direct";
  std::string pairing = "adjacent";  // a Swiss or McMahon's method within a score group
  std::string first_round_pairing = "adjacent";
  int handicap_max = 0;  // a McMahon's most stones; 0: even games
  int handicap_reduction = 1;
  std::vector<TournamentGroup> groups;
  std::vector<BonusPoints> bonus_points;
  std::vector<TimeMs> round_times;  // fixed: the start of each round, in order
  std::optional<UserId> created_by;
  TimeMs created_ms = 0;
};

struct TournamentSummary {
  TournamentId id = 0;
  std::string name;
  std::string system;
  std::string status;  // registration, running, finished
  int rounds = 0;
  int current_round = 0;
  int entrants = 0;
  TimeMs registration_closes_ms = 0;
};

struct TournamentEntrant {
  UserId user_id = 0;
  std::string name;  // the user's name now
  std::int64_t group_id = 0;
  Rank rank;
  int first_round = 1;
  std::optional<int> withdrawn_after;
  TimeMs registered_ms = 0;
};

struct TournamentRound {
  int number = 1;
  std::optional<TimeMs> scheduled_ms;
  std::string status = "waiting";  // waiting, playing, finished
  std::optional<TimeMs> started_ms;
  std::optional<TimeMs> ended_ms;
};

struct NewTournamentPairing {
  std::int64_t group_id = 0;
  int round = 1;
  UserId black_id = 0;
  std::optional<UserId> white_id;  // none: a bye for black_id
  int handicap = 0;                // 1: no komi; 2..9 stones
};

struct TournamentPairing {
  std::int64_t id = 0;
  std::int64_t group_id = 0;
  int round = 1;
  UserId black_id = 0;
  std::optional<UserId> white_id;
  std::optional<GameId> game_id;
  std::string outcome = "pending";  // pending, black_wins, white_wins, jigo, both_lose, bye
  std::string how;                  // played, forfeit, admin, bye; empty while pending
  std::optional<TimeMs> decided_ms;
  int handicap = 0;  // 1: no komi; 2..9 stones
};

// Bonus points a finished tournament gave for a place.
struct TournamentAward {
  TournamentId tournament_id = 0;
  UserId user_id = 0;
  int place = 1;
  int points = 0;
  Rank rank;  // the player's rank when the tournament finished
  TimeMs awarded_ms = 0;
};

struct StoredTournament {
  TournamentId id = 0;
  TournamentSettings settings;
  std::string status = "registration";
  int current_round = 0;
  std::vector<TournamentEntrant> entrants;
  std::vector<TournamentRound> rounds;
  std::vector<TournamentPairing> pairings;  // by round, then id
};

}  // namespace yunzi::db
