#include "server/tournament/round_robin.hpp"

#include <algorithm>

namespace yunzi::tournament {

int round_robin_rounds(std::size_t entrants) {
  if (entrants < 2) return 0;
  const std::size_t even = entrants + entrants % 2;
  return static_cast<int>(even - 1);
}

std::vector<PlayerId> seed_order(const std::vector<Entrant>& entrants) {
  std::vector<Entrant> sorted = entrants;
  std::sort(sorted.begin(), sorted.end(), [](const Entrant& a, const Entrant& b) {
    if (a.rank_index != b.rank_index) return a.rank_index > b.rank_index;
    return a.id < b.id;
  });
  std::vector<PlayerId> seeds;
  for (const Entrant& entrant : sorted) seeds.push_back(entrant.id);
  return seeds;
}

std::optional<RoundPairing> round_robin_round(const std::vector<PlayerId>& seeds, int round) {
  if (round < 1 || round > round_robin_rounds(seeds.size())) return std::nullopt;
  // An empty slot stands for the bye when the count is odd. It takes the
  // fixed place, so that the bye, not a repeated colour, breaks each
  // player's alternation.
  std::vector<std::optional<PlayerId>> seeded(seeds.begin(), seeds.end());
  if (seeded.size() % 2 == 1) seeded.insert(seeded.begin(), std::nullopt);
  const std::size_t n = seeded.size();
  // Position 0 keeps its seed; every other seed moves one place round the
  // circle each round.
  std::vector<std::optional<PlayerId>> circle(n);
  circle[0] = seeded[0];
  for (std::size_t seed = 1; seed < n; ++seed) {
    circle[1 + (seed - 1 + static_cast<std::size_t>(round - 1)) % (n - 1)] = seeded[seed];
  }

  RoundPairing pairing;
  for (std::size_t i = 0; i < n / 2; ++i) {
    const auto& upper = circle[i];
    const auto& lower = circle[n - 1 - i];
    if (!upper || !lower) {
      pairing.byes.push_back(upper ? *upper : *lower);
      continue;
    }
    const bool upper_black = i == 0 ? round % 2 == 1 : i % 2 == 1;
    pairing.games.push_back(upper_black ? Pairing{*upper, *lower} : Pairing{*lower, *upper});
  }
  return pairing;
}

}  // namespace yunzi::tournament
