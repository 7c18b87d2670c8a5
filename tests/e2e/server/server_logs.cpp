#include "tests/e2e/server/server_logs.hpp"

#include <catch2/catch.hpp>

#include <thread>

namespace yunzi::e2e {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

bool wait_for_text(const std::filesystem::path& path, std::string_view part, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (contains(read_file(path), part)) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void stop_cleanly(ServerProcess& server) {
  const auto exit_code = server.stop();
  INFO((exit_code ? "exit code " + std::to_string(*exit_code) : exit_code.error()));
  REQUIRE(exit_code);
  REQUIRE(*exit_code == 0);
}

}  // namespace yunzi::e2e
