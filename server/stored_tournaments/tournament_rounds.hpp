// A stored tournament read through the pure rules of server/tournament:
// each group is its own tournament record (players are user ids), paired
// and ranked on its own. Also the 升段赛 preset, the group a rank belongs
// to, and the outcome a game's result gives. Pure: no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game_result.hpp"
#include "db/tournament_records.hpp"
#include "server/tournament/score_rules.hpp"
#include "server/tournament/standings.hpp"

namespace yunzi::stored_tournaments {

// The association's promotion tournament: groups 1d, 2d, 3d and 4d and up,
// and the bonus points for the first three places of each group.
std::vector<db::TournamentGroup> promotion_groups();
std::vector<db::BonusPoints> promotion_bonus();

tournament::ScoreRules score_rules_of(const db::TournamentSettings& settings);
std::vector<tournament::TieBreak> tie_breaks_of(std::string_view text);

// The group whose rank band holds `rank` (the first that does).
std::optional<std::int64_t> group_for_rank(const db::TournamentSettings& settings, Rank rank);
std::string group_name(const db::TournamentSettings& settings, std::int64_t group);

// The record of one group: its entrants in registration order, its games
// and byes from the stored pairings.
tournament::TournamentRecord group_record(const db::StoredTournament& t, std::int64_t group);

// The pairings of `round` for every group; an error names a group that
// cannot be paired (too few players, or no pairing without a repeat).
Expected<std::vector<db::NewTournamentPairing>, std::string> pair_round(const db::StoredTournament& t, int round);

// The stored outcome a finished game's result gives: black_wins, white_wins,
// jigo for a drawn count, both_lose for a void game.
std::string outcome_of_result(const GameResult& result);
// How a pairing's game was decided: "forfeit" or "played".
std::string pairing_how(const GameResult& result);

struct PlacedEntrant {
  std::int64_t group = 0;
  UserId user = 0;
  tournament::Standing standing;
  int bonus = 0;  // from the bonus table, once the tournament is finished
};

// The standings of every group after `through_round`, group by group.
std::vector<PlacedEntrant> tournament_standings(const db::StoredTournament& t, int through_round);

// The last round a player withdrawing now still plays: none before the
// start (the entry goes), else the latest round whose games exist (a paired
// round that waits to start is left, to be paired again).
std::optional<int> last_round_before_withdrawal(const db::StoredTournament& t);

// The number of rounds the tournament plays: its setting, but a round robin
// or elimination plays what its field needs at most.
int rounds_to_play(const db::StoredTournament& t);

}  // namespace yunzi::stored_tournaments
