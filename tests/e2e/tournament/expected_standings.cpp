#include "tests/e2e/tournament/expected_standings.hpp"

namespace yunzi::e2e {

std::map<std::string, ExpectedStanding> expected_standings(const std::vector<PlayedGame>& games) {
  std::map<std::string, ExpectedStanding> out;
  std::map<std::string, std::vector<std::string>> opponents, beaten;
  for (const PlayedGame& g : games) {
    out[g.winner].score += 1;
    out[g.loser];
    opponents[g.winner].push_back(g.loser);
    opponents[g.loser].push_back(g.winner);
    beaten[g.winner].push_back(g.loser);
  }
  for (auto& [name, s] : out) {
    for (const auto& o : opponents[name]) s.sos += out[o].score;
    for (const auto& o : beaten[name]) s.sodos += out[o].score;
  }
  for (auto& [name, s] : out) {
    for (const auto& o : opponents[name]) s.sosos += out[o].sos;
  }
  return out;
}

}  // namespace yunzi::e2e
