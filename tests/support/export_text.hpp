// The tournament exports read back the way the tests check them: lines,
// the cells of a CSV line, the words of an EGF line.
#pragma once

#include <string>
#include <vector>

namespace yunzi::test_support {

// The lines of the text, without their '\n' (a CSV line keeps its '\r').
std::vector<std::string> text_lines(const std::string& text);
// The cells of one CSV line as written, quotes included; a comma inside
// quotes stays in its cell. A final '\r' is dropped.
std::vector<std::string> csv_cells(std::string line);
// The words of a line, split at blanks.
std::vector<std::string> words_of(const std::string& line);
// Whether a spreadsheet would take the cell as written for a formula (it
// starts with =, +, - or @).
bool starts_a_formula(const std::string& cell);

}  // namespace yunzi::test_support
