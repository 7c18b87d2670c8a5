// The log line on its own (server/logging): what the escaping makes of hostile
// text, and the JSON line spdlog writes through a real file sink, including a
// reopen after the file was moved away.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>

#include <spdlog/logger.h>
#include <nlohmann/json.hpp>

#include "server/logging/log_escape.hpp"
#include "server/logging/log_file_sink.hpp"
#include "server/logging/log_format.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tests/support/temp_dir.hpp"

using namespace yunzi;
using namespace yunzi::logging;

namespace {

std::string json_escaped(std::string_view text) {
  std::string out;
  append_json_escaped(text, out);
  return out;
}

std::string line_escaped(std::string_view text) {
  std::string out;
  append_line_escaped(text, out);
  return out;
}

// RFC 3339 with milliseconds and the offset: 2024-05-01T12:00:00.123+02:00.
bool is_log_time(const std::string& text) {
  constexpr std::string_view shape = "0000-00-00T00:00:00.000+00:00";
  if (text.size() != shape.size()) return false;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const char c = text[i];
    const bool fits = shape[i] == '0'   ? std::isdigit(static_cast<unsigned char>(c)) != 0
                      : shape[i] == '+' ? c == '+' || c == '-'
                                        : c == shape[i];
    if (!fits) return false;
  }
  return true;
}

// What a JSON parser reads back from the escaped text.
std::string json_round_trip(std::string_view text) {
  return nlohmann::json::parse("\"" + json_escaped(text) + "\"").get<std::string>();
}

}  // namespace

TEST_CASE("JSON escaping: quotes, backslashes and control characters; UTF-8 kept", "[logs][escape]") {
  CHECK(json_escaped("plain") == "plain");
  CHECK(json_escaped(R"(say "hi" \ bye)") == R"(say \"hi\" \\ bye)");
  CHECK(json_escaped("a\nb\tc\r\x01\x1f\x7f") == R"(a\nb\tc\r\u0001\u001f\u007f)");
  CHECK(json_escaped("云子 \xF0\x9F\x80\x84 \xE2\x80\xA8") == "云子 \xF0\x9F\x80\x84 \xE2\x80\xA8");
  for (std::string_view text : {std::string_view(R"({"message":"x"}\)"), std::string_view("\b\f\"\\\n"),
                                std::string_view("名人_ǅé"), std::string_view("\\u0041")}) {
    CHECK(json_round_trip(text) == text);
  }
  const std::string with_nul("a\0b", 3);
  CHECK(json_escaped(with_nul) == R"(a\u0000b)");
}

TEST_CASE("JSON escaping: bytes that are not UTF-8 become U+FFFD", "[logs][escape]") {
  CHECK(json_escaped("a\xFF"
                     "b") ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(json_round_trip("\xC3") == "\xEF\xBF\xBD");
  CHECK(json_round_trip("\xED\xA0\x80 surrogate") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD surrogate");
  CHECK(json_round_trip("\xC0\xAF overlong \"") == "\xEF\xBF\xBD\xEF\xBF\xBD overlong \"");
}

TEST_CASE("text lines: control characters escaped, everything else as it was", "[logs][escape]") {
  CHECK(line_escaped("one\ntwo\r\tthree\x01\x7f") == R"(one\ntwo\r\tthree\x01\x7f)");
  CHECK(line_escaped(R"(C:\path "quoted")") == R"(C:\path "quoted")");
  CHECK(line_escaped("云子\xFF") == "云子\xEF\xBF\xBD");
}

TEST_CASE("a JSON line through the file sink, before and after a reopen", "[logs][sink]") {
  test_support::TempDir dir;
  const auto path = dir.path() / "test.log";
  auto sink = LogFileSink::open(path.string());
  REQUIRE(sink);
  spdlog::logger logger("test", *sink);
  logger.set_formatter(make_log_formatter(LogFormat::json));
  logger.set_level(spdlog::level::trace);

  logger.warn("user={} said {}", "ann", "\"hi\"\n");
  std::filesystem::rename(path, dir.path() / "test.log.1");
  logger.info("still the old file");
  REQUIRE((*sink)->reopen());
  logger.info("the new file");

  const auto old_lines = e2e::lines_of(e2e::read_file(dir.path() / "test.log.1"));
  REQUIRE(old_lines.size() == 2);
  const auto first = nlohmann::json::parse(old_lines[0]);
  CHECK(first["level"] == "warning");
  CHECK(first["message"] == "user=ann said \"hi\"\n");
  CHECK(is_log_time(first["time"].get<std::string>()));
  CHECK(nlohmann::json::parse(old_lines[1])["message"] == "still the old file");
  const auto new_lines = e2e::lines_of(e2e::read_file(path));
  REQUIRE(new_lines.size() == 1);
  CHECK(nlohmann::json::parse(new_lines[0])["message"] == "the new file");
}
