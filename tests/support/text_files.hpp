// Files as text: what children write (logs, port files) and what tests
// hand to the code under test.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace yunzi::test_support {

// The whole file, empty when it cannot be read (not written yet).
std::string read_file(const std::filesystem::path& path);
// Writes the text as the whole file.
void write_file(const std::filesystem::path& path, const std::string& text);
// The last `lines` lines of the text, for failure messages.
std::string last_lines(const std::string& text, std::size_t lines);

}  // namespace yunzi::test_support
