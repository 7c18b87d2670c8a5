// The terms a game is played on, as a seek or a challenge states them and
// the games table keeps them, with the contract's defaults: 19x19, rated,
// even, komi 7.5 (0.5 with a handicap), colour by nigiri, byo-yomi 20 min +
// 3 x 30 s, situational superko. The bounds are those the wire decoder
// enforces on what players ask for.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/ko_rule.hpp"
#include "core/time_control.hpp"

namespace yunzi {

// Colour of the player who creates the seek or sends the challenge.
enum class ColorChoice : std::uint8_t { automatic, black, white };
std::string_view to_string(ColorChoice choice);  // "auto", "black", "white"
std::optional<ColorChoice> parse_color_choice(std::string_view text);

inline constexpr double default_komi_even = 7.5;
inline constexpr double default_komi_handicap = 0.5;
inline constexpr double max_abs_komi = 150.0;
inline constexpr int max_handicap = 9;

// Clock bounds a request may ask for, in whole seconds (the wire's unit);
// periods are bounded by max_periods (core/time_control.hpp).
inline constexpr int max_main_s = 36000;  // 10 hours
inline constexpr int max_fischer_cap_s = 72000;
inline constexpr int max_period_s = 3600;
inline constexpr int max_canadian_period_s = 7200;
inline constexpr int max_canadian_stones = 100;

inline constexpr bool is_offered_board_size(int size) { return size == 9 || size == 13 || size == 19; }

struct GameSettings {
  int size = 19;  // 9, 13 or 19
  bool rated = true;
  int handicap = 0;  // 0 even (nigiri), 1 = 让先, 2..9 fixed stones
  double komi = default_komi_even;
  ColorChoice color = ColorChoice::automatic;
  TimeControl time{};
  KoRule ko = KoRule::situational;
  friend bool operator==(const GameSettings&, const GameSettings&) = default;
};

}  // namespace yunzi
