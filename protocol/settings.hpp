// Game settings as a seek or a challenge asks for them: core's GameSettings
// with the contract's defaults filled in, and the clock left open when the
// request names none (the server then gives its configured default clock).
// On the wire every clock duration is in whole seconds (`main_s`, ...).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/expected.hpp"
#include "core/game_settings.hpp"

namespace yunzi::protocol {

// The settings of a seek or challenge as decoded, before the server decides
// the clock: `time` stays empty when the request has no `time` object.
struct RequestedSettings {
  GameSettings rest;  // every setting but the clock; rest.time is not read
  std::optional<TimeControl> time;
  // The settings to play: the clock asked for, else `default_time`.
  GameSettings with_default_time(const TimeControl& default_time) const;
  friend bool operator==(const RequestedSettings&, const RequestedSettings&) = default;
};

// A `time` object as the wire spells it, read with the request decoder's
// defaults and bounds (for clients and stored copies of a wire clock); the
// error names the field, e.g. "field 'time.max_s': ...".
Expected<TimeControl, std::string> decode_time_control(const nlohmann::json& time);

}  // namespace yunzi::protocol
