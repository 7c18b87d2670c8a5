// Game settings as a seek or a challenge states them, with the contract's
// defaults filled in: 19x19, rated, even, komi 7.5 (0.5 with a handicap),
// colour by nigiri, situational superko. The clock has no default here: a
// request without one gets the server's configured default clock.
#pragma once

#include <optional>
#include <variant>

#include "engine/types.hpp"

namespace yunzi::protocol {

// Every duration in whole seconds, as the wire spells them (`main_s`, ...).
struct ByoYomi {
  int main_s = 1200;
  int periods = 3;
  int period_s = 30;
  friend bool operator==(const ByoYomi&, const ByoYomi&) = default;
};
struct Fischer {
  int main_s = 600;
  int increment_s = 10;
  int max_s = 1200;  // the clock never grows above this
  friend bool operator==(const Fischer&, const Fischer&) = default;
};
struct Canadian {
  int main_s = 600;
  int stones = 25;    // to be played within each period
  int period_s = 300;
  friend bool operator==(const Canadian&, const Canadian&) = default;
};
struct Absolute {
  int main_s = 1800;
  friend bool operator==(const Absolute&, const Absolute&) = default;
};
struct NoClock {
  friend bool operator==(const NoClock&, const NoClock&) = default;
};

using TimeControl = std::variant<ByoYomi, Fischer, Canadian, Absolute, NoClock>;

// "byoyomi", "fischer", "canadian", "absolute", "none".
std::string_view system_name(const TimeControl& time);

// Bounds the decoder enforces, in seconds.
inline constexpr int max_main_s = 36000;    // 10 hours
inline constexpr int max_fischer_cap_s = 72000;
inline constexpr int max_period_s = 3600;
inline constexpr int max_canadian_period_s = 7200;
inline constexpr int max_periods = 100;
inline constexpr int max_canadian_stones = 100;

// Colour of the player who creates the seek or sends the challenge.
enum class ColorChoice { automatic, black, white };
std::string_view to_string(ColorChoice choice);  // "auto", "black", "white"

inline constexpr double default_komi_even = 7.5;
inline constexpr double default_komi_handicap = 0.5;
inline constexpr double max_abs_komi = 150.0;
inline constexpr int max_handicap = 9;

struct GameSettings {
  int size = 19;  // 9, 13 or 19
  bool rated = true;
  int handicap = 0;  // 0 even (nigiri), 1 = 让先, 2..9 fixed stones
  double komi = default_komi_even;
  ColorChoice color = ColorChoice::automatic;
  TimeControl time = ByoYomi{};
  engine::KoRule ko = engine::KoRule::situational;
  friend bool operator==(const GameSettings&, const GameSettings&) = default;
};

// The settings of a seek or challenge as decoded, before the server decides
// the clock: `time` stays empty when the request has no `time` object.
struct RequestedSettings {
  GameSettings rest;  // every setting but the clock; rest.time is not read
  std::optional<TimeControl> time;
  // The settings to play: the clock asked for, else `default_time`.
  GameSettings with_default_time(const TimeControl& default_time) const;
  friend bool operator==(const RequestedSettings&, const RequestedSettings&) = default;
};

inline constexpr bool is_offered_board_size(int size) { return size == 9 || size == 13 || size == 19; }

}  // namespace yunzi::protocol
