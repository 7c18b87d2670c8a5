#include "server/problems/glicko_rule.hpp"

#include "tsumego/glicko2.hpp"

namespace yunzi::problems {
namespace {

tsumego::Glicko glicko_of(const db::ProblemRating& r) { return {r.rating, r.deviation, r.volatility}; }
db::ProblemRating stored_rating(const tsumego::Glicko& g) { return {g.rating, g.deviation, g.volatility}; }

}  // namespace

db::RatedPair rate_by_glicko(const db::RatedPair& before, bool solved) {
  const tsumego::GlickoUpdate after =
      tsumego::rate_attempt(glicko_of(before.player), glicko_of(before.problem), solved);
  return db::RatedPair{stored_rating(after.player), stored_rating(after.problem)};
}

}  // namespace yunzi::problems
