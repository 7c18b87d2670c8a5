// The rank rules' part of ranks (core/rank.hpp): reading one with the rank
// module's error, and the range a new user may register with.
#pragma once

#include <string_view>

#include "core/expected.hpp"
#include "core/rank.hpp"
#include "server/ranking/error.hpp"

namespace yunzi::ranking {

Expected<Rank, RankingError> parse_rank_or_error(std::string_view text);

// A rank a new user may choose: 10k..1d.
Expected<Rank, RankingError> parse_registration_rank(std::string_view text);

}  // namespace yunzi::ranking
