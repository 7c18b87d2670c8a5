#include "db/result_columns.hpp"

namespace yunzi::db {

std::optional<std::string> winner_column(const GameResult& result) {
  if (!result.winner) return std::nullopt;
  return std::string(to_string(*result.winner));
}

std::optional<GameResult> stored_result(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  return parse_sgf_result(*text);
}

}  // namespace yunzi::db
