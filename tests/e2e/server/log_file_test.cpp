// log_file through the real server: lines are appended to the file, not to
// standard error; after the file is renamed (as logrotate does) SIGHUP makes
// the server write to a new file at the path while the renamed one keeps
// every line written before, whole.
#include <catch2/catch.hpp>

#include <csignal>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/support/temp_dir.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
namespace fs = std::filesystem;

namespace {

void check_whole_lines(const std::string& text) {
  REQUIRE_FALSE(text.empty());
  CHECK(text.back() == '\n');
  for (const std::string& line : lines_of(text)) {
    INFO("log line: " << line);
    // Every line starts with its date: none was cut or glued to another.
    CHECK(line.size() > 24);
    CHECK(line.starts_with("20"));
  }
}

}  // namespace

TEST_CASE("log_file: SIGHUP after a rename starts a new file, the old one stays complete", "[server][logs]") {
  yunzi::test_support::TempDir dir;
  const fs::path log_file = dir.path() / "yunzi.log";
  const fs::path rotated = dir.path() / "yunzi.log.1";
  ServerProcess server(dir.path(), ServerOptions{{"--log-file", log_file.string()}});
  REQUIRE(server.start());
  REQUIRE(wait_for_text(log_file, "listening"));

  // Logged before the reply is sent: in the file once the reply is here.
  Player before(server.port(), "before");
  before.register_account();
  REQUIRE(contains(read_file(log_file), "registered user=before"));

  fs::rename(log_file, rotated);
  server.send_signal(SIGHUP);
  REQUIRE(wait_for_text(log_file, "log file reopened"));

  Player after(server.port(), "after");
  after.register_account();
  const std::string old_text = read_file(rotated);
  const std::string new_text = read_file(log_file);
  CHECK(contains(new_text, "registered user=after"));
  CHECK_FALSE(contains(new_text, "registered user=before"));
  CHECK(contains(old_text, "registered user=before"));
  CHECK_FALSE(contains(old_text, "registered user=after"));
  // The old file ends with the line that announced the switch.
  const auto old_lines = lines_of(old_text);
  REQUIRE_FALSE(old_lines.empty());
  CHECK(contains(old_lines.back(), "signal SIGHUP: reopening the log file"));

  stop_cleanly(server);
  check_whole_lines(read_file(rotated));
  CHECK(read_file(rotated) == old_text);
  check_whole_lines(read_file(log_file));
  CHECK(contains(read_file(log_file), "stopped cleanly"));
  // Standard error got nothing but the harness's banner.
  CHECK_FALSE(contains(server.log_text(), "registered user="));
  CHECK_FALSE(contains(server.log_text(), "listening"));
}

TEST_CASE("log_file: a file that cannot be opened stops the start with exit code 2", "[server][logs]") {
  yunzi::test_support::TempDir dir;
  const fs::path unwritable = dir.path() / "no-such-dir" / "yunzi.log";
  ServerProcess server(dir.path(), ServerOptions{{"--log-file", unwritable.string()}});
  const auto started = server.start();
  REQUIRE_FALSE(started);
  CHECK(contains(started.error(), "exit code 2"));
  CHECK(contains(server.log_text(), "cannot open the log file " + unwritable.string()));
}
