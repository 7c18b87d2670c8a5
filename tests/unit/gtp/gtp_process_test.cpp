// GtpProcess against real child processes: small shell scripts that play the
// part of well- and ill-behaved engines, and GNU Go itself.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/support/programs.hpp"
#include "tools/gtp_client/gtp_process.hpp"
#include "tools/gtp_client/gtp_reply.hpp"

using namespace std::chrono_literals;
using yunzi::gtp::GtpErrorKind;
using yunzi::gtp::GtpProcess;

namespace {

GtpProcess shell(const std::string& script) {
  auto process = GtpProcess::start({"/bin/sh", "-c", script});
  REQUIRE(process.has_value());
  return std::move(process.value());
}

bool process_exists(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

}  // namespace

TEST_CASE("parse_gtp_reply splits status, id and text", "[gtp_client]") {
  using yunzi::gtp::parse_gtp_reply;
  auto ok = parse_gtp_reply("= D4");
  REQUIRE(ok);
  CHECK(ok->success);
  CHECK_FALSE(ok->id);
  CHECK(ok->text == "D4");

  auto with_id = parse_gtp_reply("?17 illegal move");
  REQUIRE(with_id);
  CHECK_FALSE(with_id->success);
  CHECK(with_id->id == 17);
  CHECK(with_id->text == "illegal move");

  auto multi = parse_gtp_reply("=\nline one\nline two");
  REQUIRE(multi);
  CHECK(multi->text == "\nline one\nline two");

  auto empty = parse_gtp_reply("=");
  REQUIRE(empty);
  CHECK(empty->text.empty());

  CHECK_FALSE(parse_gtp_reply("hello"));
  CHECK_FALSE(parse_gtp_reply(""));
}

TEST_CASE("GtpProcess reads one response per command, in order", "[gtp_client]") {
  auto engine = shell("while read line; do printf '= got %s\\n\\n' \"$line\"; done");
  auto first = engine.send("name");
  REQUIRE(first.has_value());
  CHECK(*first == "got name");
  auto second = engine.send("version");
  REQUIRE(second.has_value());
  CHECK(*second == "got version");
}

TEST_CASE("GtpProcess reports a '?' answer as a failure value and keeps going", "[gtp_client]") {
  auto engine = shell("read a; printf '? unknown command\\n\\n'; read b; printf '= fine\\n\\n'");
  auto failed = engine.send("frobnicate");
  REQUIRE_FALSE(failed.has_value());
  CHECK(failed.error().kind == GtpErrorKind::failure);
  CHECK(failed.error().message == "unknown command");
  CHECK(engine.running());
  auto next = engine.send("name");
  REQUIRE(next.has_value());
  CHECK(*next == "fine");
}

TEST_CASE("GtpProcess accepts CR LF line ends and multi-line responses", "[gtp_client]") {
  auto engine = shell("read a; printf '=\\r\\nA1 B2\\r\\nC3\\r\\n\\r\\n'");
  auto answer = engine.send("list");
  REQUIRE(answer.has_value());
  CHECK(*answer == "\nA1 B2\nC3");
}

TEST_CASE("GtpProcess reports an engine that dies before answering", "[gtp_client]") {
  auto engine = shell("read a; exit 3");
  auto answer = engine.send("name");
  REQUIRE_FALSE(answer.has_value());
  CHECK(answer.error().kind == GtpErrorKind::engine_died);
  CHECK(answer.error().message.find("status 3") != std::string::npos);
  CHECK_FALSE(engine.running());
  auto later = engine.send("name");
  REQUIRE_FALSE(later.has_value());
  CHECK(later.error().kind == GtpErrorKind::not_running);
}

TEST_CASE("GtpProcess reports writing to an engine that is gone", "[gtp_client]") {
  auto engine = shell("exit 0");
  // Give the shell time to exit so the write itself meets a closed socket.
  std::this_thread::sleep_for(100ms);
  auto answer = engine.send("name");
  REQUIRE_FALSE(answer.has_value());
  CHECK((answer.error().kind == GtpErrorKind::engine_died));
}

TEST_CASE("GtpProcess times out, kills the silent engine and reaps it", "[gtp_client]") {
  auto engine = shell("exec sleep 30");
  const pid_t pid = engine.pid();
  const auto started = std::chrono::steady_clock::now();
  auto answer = engine.send("name", 200ms);
  const auto waited = std::chrono::steady_clock::now() - started;
  REQUIRE_FALSE(answer.has_value());
  CHECK(answer.error().kind == GtpErrorKind::timeout);
  CHECK(waited >= 190ms);
  CHECK(waited < 5s);
  CHECK_FALSE(engine.running());
  CHECK_FALSE(process_exists(pid));
}

TEST_CASE("GtpProcess reports output that is not GTP", "[gtp_client]") {
  auto engine = shell("read a; printf 'hello there\\n\\n'; sleep 30");
  auto answer = engine.send("name", 5s);
  REQUIRE_FALSE(answer.has_value());
  CHECK(answer.error().kind == GtpErrorKind::malformed);
}

TEST_CASE("GtpProcess refuses multi-line commands", "[gtp_client]") {
  auto engine = shell("while read line; do printf '=\\n\\n'; done");
  auto answer = engine.send("play b A1\nplay w B2");
  REQUIRE_FALSE(answer.has_value());
  CHECK(answer.error().kind == GtpErrorKind::io_error);
}

TEST_CASE("GtpProcess reports a program that cannot be started", "[gtp_client]") {
  auto missing = GtpProcess::start({"/nonexistent/engine"});
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().kind == GtpErrorKind::spawn_failed);
  CHECK(missing.error().message.find("/nonexistent/engine") != std::string::npos);

  auto nothing = GtpProcess::start({});
  REQUIRE_FALSE(nothing.has_value());
  CHECK(nothing.error().kind == GtpErrorKind::spawn_failed);
}

TEST_CASE("GtpProcess kills and reaps an engine that ignores end of input", "[gtp_client]") {
  pid_t pid = -1;
  {
    auto engine = shell("trap '' TERM; exec sleep 30");
    pid = engine.pid();
    REQUIRE(process_exists(pid));
  }
  CHECK_FALSE(process_exists(pid));
}

TEST_CASE("GtpProcess keeps ownership across moves", "[gtp_client]") {
  auto first = shell("while read line; do printf '= %s\\n\\n' \"$line\"; done");
  GtpProcess moved = std::move(first);
  CHECK_FALSE(first.running());
  auto answer = moved.send("ping");
  REQUIRE(answer.has_value());
  CHECK(*answer == "ping");
}

TEST_CASE("GtpProcess talks to GNU Go and quits it cleanly", "[gtp_client]") {
  if (!yunzi::test_support::gnugo_available()) {
    WARN("GNU Go is not installed at " << yunzi::test_support::gnugo_path());
    return;
  }
  auto gnugo = GtpProcess::start({yunzi::test_support::gnugo_path(), "--mode", "gtp"});
  REQUIRE(gnugo.has_value());
  auto name = gnugo->send("name");
  REQUIRE(name.has_value());
  CHECK(*name == "GNU Go");
  REQUIRE(gnugo->send("boardsize 9").has_value());
  auto illegal = gnugo->send("play black Z99");
  REQUIRE_FALSE(illegal.has_value());
  CHECK(illegal.error().kind == GtpErrorKind::failure);
  const pid_t pid = gnugo->pid();
  REQUIRE(gnugo->quit().has_value());
  CHECK_FALSE(gnugo->running());
  CHECK_FALSE(process_exists(pid));
}
