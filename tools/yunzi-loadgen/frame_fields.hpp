// The few top-level fields of a yunzi server frame that the load generator
// acts on, read without building a JSON tree. It shares the machine with the
// server it measures, and nearly every frame of a run is an `ok` reply or a
// game.move event, so its cost per frame is taken from the server's budget.
// The whole text is still checked to be well-formed JSON; nested values are
// walked over and dropped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::loadgen {

// A field reads as absent when it is missing, has another JSON type, or is an
// integer that does not fit the member. Of a repeated key the last one
// counts, as in a parsed tree.
struct FrameFields {
  std::string type;
  std::optional<std::int64_t> re;
  std::optional<std::int64_t> game;
  std::optional<int> move_number;
  std::optional<std::string> vertex;
  std::optional<std::string> code;
};

// nullopt unless the text is exactly one well-formed JSON object whose
// `type` is a string.
std::optional<FrameFields> read_frame_fields(std::string_view text);

}  // namespace yunzi::loadgen
