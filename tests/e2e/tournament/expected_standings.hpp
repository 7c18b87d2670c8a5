// The standings a test expects, computed from the games it saw played, by
// the EGF definitions and independently of the server's code: score (wins),
// SOS (the opponents' scores), SOSOS (the opponents' SOS), SODOS (the scores
// of the opponents beaten). Whole points: the test plays no jigo and no bye.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace yunzi::e2e {

struct PlayedGame {
  std::string winner;
  std::string loser;
};

struct ExpectedStanding {
  int score = 0;
  int sos = 0;
  int sosos = 0;
  int sodos = 0;
};

std::map<std::string, ExpectedStanding> expected_standings(const std::vector<PlayedGame>& games);

}  // namespace yunzi::e2e
