// json_logs through the real server: every line it writes is one JSON
// object, also when a message carries what people typed (quotes,
// backslashes, line breaks, scripts beyond ASCII), and the text survives
// the round trip unchanged.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/e2e/server/admin_access.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Written by ServerProcess before each start, not by the server.
constexpr std::string_view harness_banner = "---- start: ";

}  // namespace

TEST_CASE("json_logs: every line parses, odd text included", "[server][logs]") {
  ServerFixture fx(ServerOptions{{"--json-logs"}});
  // NFC keeps the precomposed é; the name mixes scripts and a titlecase letter.
  const std::string odd_name = "名人_ǅ\xC3\xA9";
  Player odd = fx.registered(odd_name);
  Player ops = fx.registered("ops");
  // A failed login logs the name it was for.
  const Json refused = fx.player(odd_name).fails({{"type", "login"}, {"name", odd_name}, {"password", "not it"}});
  CHECK(refused["code"] == "bad_credentials");

  stop_cleanly(fx.server);
  make_admin(fx.server, "ops");
  REQUIRE(fx.server.start());
  ops.set_port(fx.server.port());
  ops.connect();
  ops.login();
  const std::string notice =
      "restart \"soon\" at C:\\yunzi\\bin\\\n\tsee 云子 \xF0\x9F\x80\x84, \xE2\x80\xA8 and {\"json\": [1]} \\u0041 end\\";
  ops.ok({{"type", "admin.broadcast"}, {"text", notice}});
  stop_cleanly(fx.server);

  std::vector<std::string> messages;
  for (const std::string& line : lines_of(fx.server.log_text())) {
    if (line.starts_with(harness_banner)) continue;
    INFO("log line: " << line);
    nlohmann::json parsed;
    REQUIRE_NOTHROW(parsed = nlohmann::json::parse(line));
    REQUIRE(parsed.is_object());
    CHECK(parsed.size() == 3);
    REQUIRE(parsed["time"].is_string());
    CHECK(parsed["time"].get<std::string>().size() == std::string("2024-05-01T12:00:00.123+00:00").size());
    REQUIRE(parsed["level"].is_string());
    REQUIRE(parsed["message"].is_string());
    messages.push_back(parsed["message"].get<std::string>());
  }
  const auto logged = [&](std::string_view part) {
    return std::any_of(messages.begin(), messages.end(), [&](const std::string& m) { return contains(m, part); });
  };
  CHECK(messages.size() > 10);
  CHECK(logged("registered user=" + odd_name));
  CHECK(logged("failed login name_key=" + odd_name));
  CHECK(logged("text=" + notice));
  CHECK(logged("stopped cleanly"));
}
