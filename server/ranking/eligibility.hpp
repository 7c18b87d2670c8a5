// Whether two players may start a rated game, and on what terms: 19x19 only,
// situational superko, ranks close enough for the policy (one step under the
// TOM table), one rated game in progress per player; same rank plays even
// with nigiri (komi 7.5), different ranks play even or 让先.
#pragma once

#include <cstdint>
#include <optional>

#include "core/expected.hpp"
#include "engine/types.hpp"
#include "server/ranking/error.hpp"
#include "server/ranking/rank.hpp"

namespace yunzi::ranking {

inline constexpr int rated_board_size = 19;
inline constexpr double even_game_komi = 7.5;
inline constexpr double rang_xian_komi = 0.5;

// Article 6 of the Chinese rules: after a move the opponent must not face a
// position that has occurred before ("着子后不得使对方重复面临曾出现过的局面").
// That is situational superko; the other ko rules are for friendly games.
inline constexpr engine::KoRule rated_ko_rule = engine::KoRule::situational;
// The refusal of any other ko rule in a rated game, or nullopt.
std::optional<RankingError> rated_ko_refusal(engine::KoRule rule);

// How far apart two ranks may be for a rated game. The TOM table allows one
// step; the association policy also lets dan players two dan apart play
// (its responsibility games), and any dan player meet a 9d.
struct RankGapRule {
  int max_steps = 1;      // any two ranks
  int max_dan_steps = 1;  // both players dan
  bool nine_dan_meets_every_dan = false;
  friend bool operator==(const RankGapRule&, const RankGapRule&) = default;
};
inline constexpr RankGapRule tom_rank_gap{1, 1, false};
inline constexpr RankGapRule association_rank_gap{1, 2, true};

bool rank_gap_allowed(const RankGapRule& rule, Rank first, Rank second);

enum class Seat : std::uint8_t { first, second };

struct RatedGameRequest {
  int board_size = rated_board_size;
  Rank first;
  Rank second;
  bool first_has_rated_game_in_progress = false;
  bool second_has_rated_game_in_progress = false;
  int handicap = 0;  // 0 = even game, 1 = 让先; anything else is never rated
  engine::KoRule ko = rated_ko_rule;
  RankGapRule rank_gap = tom_rank_gap;
};

struct RatedTerms {
  int handicap = 0;
  double komi = even_game_komi;
  bool nigiri = true;
  std::optional<Seat> black;  // set when the colours are not drawn (让先: the weaker player)
};

Expected<RatedTerms, RankingError> rated_terms(const RatedGameRequest& request);

}  // namespace yunzi::ranking
