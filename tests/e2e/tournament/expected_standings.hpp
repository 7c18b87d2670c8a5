// The standings a test expects, worked out from the games it saw by the EGF definitions, apart from the server's
// code: score, SOS, SOSOS, SODOS, in whole points (the tests play no jigo). A round without an opponent counts a
// virtual opponent with the player's own start in the SOS, so a McMahon start is allowed only with every player in
// every round (no bye).
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
  int wins = 0;
  int sos = 0;
  int sosos = 0;
  int sodos = 0;
};

// What else counts besides the games: byes (one point each) and McMahon starting scores.
struct ScoreExtras {
  std::vector<std::string> byes;
  std::map<std::string, int> starts;
};

std::map<std::string, ExpectedStanding> expected_standings(const std::vector<PlayedGame>& games,
                                                           const ScoreExtras& extras = {});

}  // namespace yunzi::e2e
