// A maximum-weight matching on a general graph (Edmonds' blossom algorithm
// with dual variables, O(n^3)): the pairing of a Swiss or McMahon round is
// the matching of highest total weight over every allowed pair, as OpenGotha
// pairs, rather than the first complete pairing a search finds.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace yunzi::tournament {

// Wide enough for weights built from several orders of priority, each
// scaled above the sum of all those below it over a whole round.
__extension__ typedef __int128 MatchWeight;

struct WeightedEdge {
  std::size_t a = 0;
  std::size_t b = 0;
  MatchWeight weight = 0;  // > 0; a pair without an edge cannot be matched
};

// mate[v] is the vertex matched with v, nullopt when v stays unmatched. The
// total weight of the matched edges is the highest of all matchings (not
// necessarily a perfect one: give every edge a large common part to make
// the number of pairs count first).
std::vector<std::optional<std::size_t>> max_weight_matching(std::size_t vertices,
                                                            const std::vector<WeightedEdge>& edges);

}  // namespace yunzi::tournament
