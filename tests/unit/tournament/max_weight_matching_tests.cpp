// The blossom matching against an exhaustive search over every matching of
// small random graphs: same total weight, and a valid matching.
#include <catch2/catch.hpp>

#include <random>

#include "server/tournament/max_weight_matching.hpp"

using namespace yunzi::tournament;

namespace {

using Weights = std::vector<std::vector<MatchWeight>>;  // 0: no edge

// The best total weight of any matching of the vertices from `first` on.
MatchWeight best_total(const Weights& w, std::vector<bool>& used, std::size_t first) {
  while (first < w.size() && used[first]) ++first;
  if (first == w.size()) return 0;
  used[first] = true;
  MatchWeight best = best_total(w, used, first + 1);  // `first` left unmatched
  for (std::size_t other = first + 1; other < w.size(); ++other) {
    if (used[other] || w[first][other] == 0) continue;
    used[other] = true;
    best = std::max(best, w[first][other] + best_total(w, used, first + 1));
    used[other] = false;
  }
  used[first] = false;
  return best;
}

MatchWeight total_of(const Weights& w, const std::vector<std::optional<std::size_t>>& mates) {
  MatchWeight total = 0;
  for (std::size_t v = 0; v < mates.size(); ++v) {
    if (!mates[v]) continue;
    REQUIRE(*mates[v] < mates.size());
    REQUIRE(mates[*mates[v]] == v);  // symmetric
    REQUIRE(w[v][*mates[v]] > 0);    // an edge of the graph
    if (*mates[v] > v) total += w[v][*mates[v]];
  }
  return total;
}

void check_random_graphs(unsigned seed, int most_weight, MatchWeight scale, double density) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> size(1, 10);
  std::uniform_int_distribution<int> weight(1, most_weight);
  std::bernoulli_distribution edge(density);
  for (int graph = 0; graph < 300; ++graph) {
    const std::size_t n = static_cast<std::size_t>(size(random));
    Weights w(n, std::vector<MatchWeight>(n, 0));
    std::vector<WeightedEdge> edges;
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = a + 1; b < n; ++b) {
        if (!edge(random)) continue;
        w[a][b] = w[b][a] = scale * weight(random);
        edges.push_back({a, b, w[a][b]});
      }
    }
    std::vector<bool> used(n, false);
    INFO("seed " << seed << " graph " << graph << " of " << n << " vertices");
    CHECK(total_of(w, max_weight_matching(n, edges)) == best_total(w, used, 0));
  }
}

}  // namespace

TEST_CASE("The matching has the highest total weight of all matchings, ties and odd cycles included",
          "[tournament][matching]") {
  for (unsigned seed = 1; seed <= 3; ++seed) {
    check_random_graphs(seed, 3, 1, 0.6);     // many equal weights
    check_random_graphs(seed, 1000, 1, 0.4);  // sparse, varied
    check_random_graphs(seed, 9, 1, 1.0);     // complete graphs
  }
}

TEST_CASE("Weights far beyond 64 bits are matched exactly", "[tournament][matching]") {
  const MatchWeight huge = static_cast<MatchWeight>(1) << 90;
  for (unsigned seed = 1; seed <= 3; ++seed) check_random_graphs(seed, 50, huge, 0.7);
}

TEST_CASE("A triangle with a tail: the odd cycle does not stop the perfect matching", "[tournament][matching]") {
  // 0-1-2 a triangle, 2-3 the only way to match 3.
  const std::vector<WeightedEdge> edges{{0, 1, 10}, {1, 2, 10}, {0, 2, 10}, {2, 3, 1}};
  const auto mates = max_weight_matching(4, edges);
  REQUIRE(mates[3]);
  CHECK(*mates[3] == 2);
  CHECK(mates[0] == std::optional<std::size_t>(1));
}

TEST_CASE("No edges, no vertices: nobody is matched", "[tournament][matching]") {
  CHECK(max_weight_matching(0, {}).empty());
  const auto mates = max_weight_matching(3, {});
  CHECK(std::none_of(mates.begin(), mates.end(), [](const auto& m) { return m.has_value(); }));
}
