// Whether two players may start a rated game, and on what terms: 19x19 only,
// ranks at most one step apart, one rated game in progress per player; same
// rank plays even with nigiri (komi 7.5), one step apart plays even or 让先.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/expected.hpp"
#include "server/ranking/error.hpp"
#include "server/ranking/rank.hpp"

namespace yunzi::ranking {

inline constexpr int rated_board_size = 19;
inline constexpr double even_game_komi = 7.5;
inline constexpr double rang_xian_komi = 0.5;

enum class Seat : std::uint8_t { first, second };

struct RatedGameRequest {
  int board_size = rated_board_size;
  Rank first;
  Rank second;
  bool first_has_rated_game_in_progress = false;
  bool second_has_rated_game_in_progress = false;
  int handicap = 0;  // 0 = even game, 1 = 让先; anything else is never rated
};

struct RatedTerms {
  int handicap = 0;
  double komi = even_game_komi;
  bool nigiri = true;
  std::optional<Seat> black;  // set when the colours are not drawn (让先: the weaker player)
};

Expected<RatedTerms, RankingError> rated_terms(const RatedGameRequest& request);

}  // namespace yunzi::ranking
