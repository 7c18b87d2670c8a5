// What the tournament tests share: a field of registered players, rounds
// whose games the script ends by resignation, a round's start awaited at its
// time, and the checks of the final standings against expected_standings
// (the waits: tournament_waits.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/e2e/ranking/ranked_server.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/tournament_waits.hpp"
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

// The winner of black against white, by the test's script.
using Script = std::function<std::string(const std::string& black, const std::string& white)>;

// A script for fields whose names sort by strength: the name that sorts first wins.
std::string earlier_name_wins(const std::string& black, const std::string& white);

// Plays the round (paired and started): the loser of each game by the
// script resigns; then waits until every result is in and checks each is
// the game's, played. Returns the games in the order of the pairings.
std::vector<PlayedGame> play_round(Field& field, Player& admin, std::int64_t tournament, int round,
                                   const Script& winner_of);

// The body of GET /tournaments/{id}.{format} (csv or h9), which must answer 200.
std::string tournament_export(RankedServer& ranked, std::int64_t tournament, const std::string& format);

// The machine's clock as the server reads it (the test and the server share it), in Unix ms.
std::int64_t now_ms();

// No game of the round has been made yet.
bool none_started(const Json& list);

// Asks for the round's pairings until its games exist: the answer that shows
// them must have come back at `at` or later, and one that came back before
// `at` must have shown the round waiting for `at` (`next_round_ms`).
Json wait_start_at(Player& admin, std::int64_t tournament, int round, std::int64_t at);

}  // namespace yunzi::e2e
