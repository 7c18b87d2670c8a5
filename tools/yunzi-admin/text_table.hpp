// Plain-text tables for the list commands: a header row, a rule, and
// left-aligned columns as wide as their widest cell (counted in code points).
#pragma once

#include <string>
#include <vector>

namespace yunzi::admin {

using TableRow = std::vector<std::string>;

std::string render_table(const TableRow& headers, const std::vector<TableRow>& rows);

// A cell's text on one line: line feeds and tabs become spaces.
std::string one_line(std::string text);

}  // namespace yunzi::admin
