// What the tournament tests share: a field of registered players, the
// tournament's requests and waits (the server moves on its own time, a test
// asks until the state it expects is there), rounds whose games the script
// ends by resignation, and the checks of the final standings against
// expected_standings.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/e2e/ranking/ranked_server.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/tournament/expected_standings.hpp"
#include "tests/e2e/tournament/standings_check.hpp"

namespace yunzi::e2e {

// 9x9, unrated, no clock: the script ends every game by resignation.
Json quick_settings();

struct Field {
  std::vector<Player> players;
  std::map<std::string, Player*> by_name;
};

// Registers the players (name and rank each) and enters them in the tournament.
Field enter_field(RankedServer& ranked, std::int64_t tournament,
                  const std::vector<std::pair<std::string, std::string>>& names_and_ranks);

// After a restart: every player (and the admin) connects to the new port and resumes.
void reconnect(RankedServer& ranked, Field& field, Player& admin);

Json tournament_info(Player& asker, std::int64_t tournament);  // the `tournament` object
Json round_pairings(Player& asker, std::int64_t tournament, int round);

// Asks until round `round` is paired and `done` holds for its pairings.
Json wait_round(Player& asker, std::int64_t tournament, int round, const std::function<bool(const Json&)>& done);
bool any_pairing(const Json& list);
bool all_started(const Json& list);  // every game (not a bye) has its game id
bool all_decided(const Json& list);

// Asks until the tournament is finished; returns its info.
Json wait_finished(Player& asker, std::int64_t tournament);

// The names of the players who have the round's byes.
std::vector<std::string> byes_in(const Json& list);

// The winner of black against white, by the test's script.
using Script = std::function<std::string(const std::string& black, const std::string& white)>;

// Plays the round (paired and started): the loser of each game by the
// script resigns; then waits until every result is in and checks each is
// the game's, played. Returns the games in the order of the pairings.
std::vector<PlayedGame> play_round(Field& field, Player& admin, std::int64_t tournament, int round,
                                   const Script& winner_of);

}  // namespace yunzi::e2e
