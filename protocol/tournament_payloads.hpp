// What the server says about tournaments: the list, a tournament's details,
// pairings, standings with the cross-table, and the events for a new round
// and for a player's own pairing. Scores travel as points (a jigo is 0.5);
// the server keeps them in half points.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/payload_json.hpp"
#include "protocol/replies.hpp"
#include "protocol/tournament_requests.hpp"

namespace yunzi::protocol {

struct TournamentSummaryInfo {
  std::int64_t id = 0;
  std::string name;
  std::string system;
  std::string status;  // registration, running, finished
  int rounds = 0;
  int round = 0;  // the current round, 0 before the start
  int entrants = 0;
  std::int64_t registration_closes_ms = 0;
};

struct TournamentEntrantInfo {
  std::string name;
  Rank rank;
  std::string group;
  std::optional<int> withdrawn_after;
};

struct TournamentDetails {
  TournamentSummaryInfo summary;
  GameSettings settings;
  std::vector<TournamentGroupSpec> groups;
  std::optional<Rank> mcmahon_bar;  // a McMahon only
  std::optional<Rank> mcmahon_floor;
  std::string round_start;
  std::vector<std::int64_t> round_times_ms;
  std::int64_t round_gap_ms = 0;
  std::int64_t no_show_ms = 0;
  double bye_points = 1;
  std::vector<int> bonus;
  std::vector<std::string> tie_breaks;
  std::string pairing;
  std::string first_round_pairing;
  std::optional<int> handicap_max;  // a McMahon only
  std::optional<int> handicap_reduction;
  std::optional<std::int64_t> next_round_ms;
  std::vector<TournamentEntrantInfo> entrants;
};

struct TournamentPairingInfo {
  std::int64_t id = 0;
  int round = 1;
  std::string group;
  std::string black;
  std::optional<std::string> white;  // none: a bye for black
  std::optional<std::int64_t> game;
  int handicap = 0;    // 1: no komi; 2..9 stones; black is the weaker player
  std::string result;  // pending, black_wins, white_wins, jigo, both_lose, bye
  std::string how;     // played, forfeit, admin, bye; empty while pending
};

// One round of one player in the cross-table.
struct CrossTableCell {
  int round = 1;
  std::optional<int> opponent_place;  // none: bye or no game
  std::string color;                  // "b", "w", "" for a bye or no game
  std::string result;                 // "+", "-", "=", "?" (pending), "bye", "" (no game)
};

struct TournamentStandingInfo {
  std::string group;
  int place = 1;
  std::string name;
  Rank rank;
  double score = 0;
  int wins = 0;
  double sos = 0;
  double sos_minus_1 = 0;
  double sos_minus_2 = 0;
  double mos = 0;
  double sosos = 0;
  double sodos = 0;
  int bonus = 0;  // the bonus-point table's points for the place, once the tournament is finished
  std::vector<CrossTableCell> rounds;
};

// The event of a new round, to every entrant online (type tournament.round).
struct TournamentRoundEvent {
  std::int64_t tournament = 0;
  std::string name;
  int round = 1;
  std::vector<TournamentPairingInfo> pairings;
};

// A player's own game or bye in a round (type tournament.pairing): when the
// round is paired to start later (no game yet), and when it starts.
struct TournamentYourPairing {
  std::int64_t tournament = 0;
  int round = 1;
  std::optional<std::int64_t> game;  // none with a bye, or before the round starts
  std::string color;                 // "black", "white", "" with a bye
  std::optional<std::string> opponent;
  bool bye = false;
  std::int64_t starts_ms = 0;  // when the round starts (or started)
  int handicap = 0;
};

nlohmann::json to_json(const TournamentSummaryInfo& t);
nlohmann::json to_json(const TournamentEntrantInfo& e);
nlohmann::json to_json(const TournamentGroupSpec& g);
nlohmann::json to_json(const TournamentPairingInfo& p);
nlohmann::json to_json(const CrossTableCell& c);
nlohmann::json to_json(const TournamentStandingInfo& s);

Frame reply_tournaments(RequestId id, const std::vector<TournamentSummaryInfo>& tournaments);  // tournament.list
Frame reply_tournament(RequestId id, const TournamentDetails& details);                        // tournament.info
Frame reply_tournament_pairings(RequestId id, std::int64_t tournament, int round,
                                const std::vector<TournamentPairingInfo>& pairings);  // tournament.pairings
Frame reply_tournament_standings(RequestId id, std::int64_t tournament, int through_round,
                                 const std::vector<TournamentStandingInfo>& standings);  // tournament.standings
Frame reply_tournament_created(RequestId id, std::int64_t tournament);                   // admin.tournament.create

Frame tournament_round(const TournamentRoundEvent& event);
Frame tournament_pairing(const TournamentYourPairing& pairing);

}  // namespace yunzi::protocol
