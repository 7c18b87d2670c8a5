#include "tests/support/text_files.hpp"

#include <fstream>
#include <sstream>

namespace yunzi::test_support {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string last_lines(const std::string& text, std::size_t lines) {
  std::size_t start = text.size();
  std::size_t seen = 0;
  while (start > 0 && seen <= lines) {
    --start;
    if (text[start] == '\n') ++seen;
  }
  return seen > lines ? text.substr(start + 1) : text;
}

}  // namespace yunzi::test_support
