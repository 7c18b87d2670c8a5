// tsumego's Glicko-2 rule as the problem store applies it when an attempt
// ends (db::RateAttempt): the store reads both ratings in its transaction.
#pragma once

#include "db/problem_store.hpp"

namespace yunzi::problems {

db::RatedPair rate_by_glicko(const db::RatedPair& before, bool solved);

}  // namespace yunzi::problems
