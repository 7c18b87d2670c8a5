// Plain-text tables for the list commands: a header row, a rule, and
// left-aligned columns as wide as their widest cell (in terminal columns: a
// Chinese character takes two);
// cells from the fields of a reply.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace yunzi::admin {

using TableRow = std::vector<std::string>;

std::string render_table(const TableRow& headers, const std::vector<TableRow>& rows);

// A cell's text on one line: line feeds and tabs become spaces.
std::string one_line(std::string text);

// A reply field as a cell: a string as it is, anything else as JSON, "" when absent or null.
std::string text_of(const nlohmann::json& object, const char* key);
// A time field (Unix milliseconds) as "2024-05-01 12:00 UTC"; "" when absent.
std::string time_of(const nlohmann::json& object, const char* key);

}  // namespace yunzi::admin
