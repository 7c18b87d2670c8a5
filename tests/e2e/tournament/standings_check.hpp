// The server's standings checked against the standings a test expects
// (expected_standings.hpp).
#pragma once

#include <map>
#include <string>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/tournament/expected_standings.hpp"

namespace yunzi::e2e {

// The standings must be `expected`'s for every player, in an order that
// never puts a better score or tie-break below a worse one. Returns each player's place.
std::map<std::string, int> check_standings(const Json& standings,
                                           const std::map<std::string, ExpectedStanding>& expected);

}  // namespace yunzi::e2e
