// The association policy's choices that the document leaves open, as
// settings: the score of each responsibility game by the rank difference,
// how "the average of the last N games" is read, and whether a low average
// demotes. The defaults are the project's reading (server/ranking/README.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi::ranking {

struct ScoreRow {
  int win = 0;
  int loss = 0;
  friend bool operator==(const ScoreRow&, const ScoreRow&) = default;
};

// One row per own rank - opponent rank: +2, +1, 0, -1, -2 (in that order).
using ScoreTable = std::array<ScoreRow, 5>;
inline constexpr ScoreTable default_association_scores{{{80, 20}, {85, 25}, {90, 30}, {95, 35}, {100, 40}}};
inline constexpr int max_game_score = 100;

// sliding: each window is the last N responsibility games at the rank.
// block: the games at the rank in consecutive groups of N from the rank's
// start; a window is the latest complete group.
enum class AverageReading : std::uint8_t { sliding, block };

struct AssociationRules {
  ScoreTable scores = default_association_scores;
  AverageReading reading = AverageReading::sliding;
  // An average (in tenths) below which the longest window demotes one dan at
  // the monthly publication; nullopt: nobody is demoted.
  std::optional<int> demotion_below_tenths;
  friend bool operator==(const AssociationRules&, const AssociationRules&) = default;
};

// "80/20,85/25,90/30,95/35,100/40": win/loss for +2, +1, 0, -1, -2; each 0..100.
Expected<ScoreTable, std::string> parse_score_table(std::string_view text);
std::string to_spec(const ScoreTable& scores);

std::string_view to_string(AverageReading reading);  // "sliding", "block"
std::optional<AverageReading> parse_average_reading(std::string_view text);

// "none", or an average from 0 to 100 with at most one decimal ("40", "67.5").
Expected<std::optional<int>, std::string> parse_demotion_average(std::string_view text);
std::string demotion_average_spec(std::optional<int> tenths);
// "67.5" for 675, "75" for 750.
std::string tenths_text(int tenths);

}  // namespace yunzi::ranking
