// Reading what a server wrote to its logs, for the operations tests: whole
// files, their lines, waiting for a line that the server process writes, and
// stopping it so that its logs are complete.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tests/e2e/server/server_process.hpp"
#include "tests/support/text_files.hpp"

namespace yunzi::e2e {

using test_support::read_file;
// The lines without their '\n'; a last line without one is kept too.
std::vector<std::string> lines_of(const std::string& text);
bool contains(std::string_view text, std::string_view part);
// Polls the file until it holds `part`; false when it did not within the
// time (a guard against hanging, not a measurement).
bool wait_for_text(const std::filesystem::path& path, std::string_view part,
                   std::chrono::milliseconds timeout = std::chrono::seconds(10));

// SIGTERM; the test stops unless the server exits with 0.
void stop_cleanly(ServerProcess& server);

}  // namespace yunzi::e2e
