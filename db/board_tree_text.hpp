// How a board's tree is spelled in its row: one entry per node, in order,
// separated by ';', each "<id>:<parent><B|W><SGF point>" with no point for a
// pass ("1:0Bdd;2:1Wpp;3:1W"). Setup stones are SGF points joined by ','.
// Comments are entries "<node id>:<byte length>:<text>" one after another
// ("0:5:hello3:2:ok"), so a comment may hold any character.
// Compact enough for thousands of nodes in one value, and read back with
// every entry checked, so a damaged row is refused rather than half-read.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/board_records.hpp"

namespace yunzi::db {

std::string encode_board_nodes(const std::vector<BoardNodeRecord>& nodes);
// nullopt for text that is not such a list on a board of `size`, or whose
// parents do not come before their children.
std::optional<std::vector<BoardNodeRecord>> decode_board_nodes(std::string_view text, int size);

std::string encode_board_comments(const std::map<std::int64_t, std::string>& comments);
// nullopt for text that is not such a list.
std::optional<std::map<std::int64_t, std::string>> decode_board_comments(std::string_view text);

std::string encode_points(const std::vector<engine::Vertex>& points);
std::optional<std::vector<engine::Vertex>> decode_points(std::string_view text, int size);

}  // namespace yunzi::db
