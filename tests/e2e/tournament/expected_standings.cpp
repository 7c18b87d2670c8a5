#include "tests/e2e/tournament/expected_standings.hpp"

namespace yunzi::e2e {

std::map<std::string, ExpectedStanding> expected_standings(const std::vector<PlayedGame>& games,
                                                           const ScoreExtras& extras) {
  std::map<std::string, ExpectedStanding> out;
  std::map<std::string, std::vector<std::string>> opponents, beaten;
  for (const auto& [name, start] : extras.starts) out[name].score += start;
  for (const std::string& name : extras.byes) out[name].score += 1;
  for (const PlayedGame& g : games) {
    out[g.winner].score += 1;
    out[g.winner].wins += 1;
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
