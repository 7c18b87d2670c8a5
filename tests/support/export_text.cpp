#include "tests/support/export_text.hpp"

#include <sstream>
#include <string_view>

namespace yunzi::test_support {

std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> csv_cells(std::string line) {
  if (line.ends_with('\r')) line.pop_back();
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(cell);
  return cells;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

bool starts_a_formula(const std::string& cell) {
  return !cell.empty() && std::string_view("=+-@").find(cell.front()) != std::string_view::npos;
}

}  // namespace yunzi::test_support
