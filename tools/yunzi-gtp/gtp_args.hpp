// Reading GTP command arguments (colours, vertices, numbers) with an error
// text ready to send back when they do not parse.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "engine/types.hpp"

namespace yunzi::gtp {

using Args = std::vector<std::string>;

// Fails with "syntax error: ..." unless there are exactly `count` arguments.
Expected<Done, std::string> expect_arg_count(const Args& args, std::size_t count, std::string_view usage);

Expected<engine::Color, std::string> parse_color_arg(const std::string& text);
// An empty optional for "pass".
Expected<std::optional<engine::Vertex>, std::string> parse_move_arg(const std::string& text, int board_size);
Expected<int, std::string> parse_int_arg(const std::string& text);
Expected<double, std::string> parse_double_arg(const std::string& text);

}  // namespace yunzi::gtp
