#include "db/rank_text.hpp"

#include "engine/rank_spelling.hpp"

namespace yunzi::db {

std::string rank_text(int rank) { return engine::rank_spelling(rank); }

std::optional<int> parse_rank(std::string_view text) {
  // Stored and typed ranks are lower case only.
  if (!text.empty() && (text.back() == 'K' || text.back() == 'D')) return std::nullopt;
  return engine::parse_rank_spelling(text);
}

}  // namespace yunzi::db
