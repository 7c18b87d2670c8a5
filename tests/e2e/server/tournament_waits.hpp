// A tournament's state as a test waits for it: the server moves a
// tournament on its own time, so a test asks until the state it expects is
// there.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"

namespace yunzi::e2e {

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

}  // namespace yunzi::e2e
