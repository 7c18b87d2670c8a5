// X-Forwarded-For through the real server. With 127.0.0.1 as a trusted
// proxy, two clients behind it with different addresses guessing at one name
// are throttled apart, and the log names them; with no trusted proxy the
// header is ignored, both share 127.0.0.1 and one's failures stop the other.
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tools/client/ws_client.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Wrong passwords one address may try for one name (--login-limit-name-address's default).
constexpr int name_address_allowance = 5;

// One client behind the proxy: its connection carries the header nginx adds.
class ProxiedClient {
 public:
  ProxiedClient(std::uint16_t port, const std::string& forwarded_for) {
    auto ws = client::WsClient::connect("127.0.0.1", port, "/ws", std::chrono::seconds(5),
                                        {{"X-Forwarded-For", forwarded_for}});
    REQUIRE(ws);
    ws_ = std::move(*ws);
  }

  // A login with a wrong password for the one name both clients guess at;
  // the error code of the reply.
  std::string failed_login() {
    auto reply = ws_->request({{"type", "login"}, {"name", "victim"}, {"password", "wrong password"}});
    REQUIRE(reply);
    INFO(reply->dump());
    REQUIRE(reply->value("type", "") == "error");
    return reply->value("code", "");
  }

  // Fails logins until the throttle answers; false if it never did.
  bool fail_until_throttled() {
    for (int attempt = 0; attempt < 12; ++attempt) {
      if (failed_login() == "rate_limited") return true;
    }
    return false;
  }

 private:
  std::unique_ptr<client::WsClient> ws_;
};

}  // namespace

TEST_CASE("behind a trusted proxy each forwarded address is throttled on its own", "[server][forwarded]") {
  ServerFixture fx(ServerOptions{{"--trusted-proxies", "127.0.0.1"}});
  ProxiedClient a(fx.server.port(), "203.0.113.9, 198.51.100.1");
  ProxiedClient b(fx.server.port(), "198.51.100.2");
  for (int i = 0; i < name_address_allowance; ++i) CHECK(a.failed_login() == "bad_credentials");
  REQUIRE(a.fail_until_throttled());
  // b's address has no failures yet: its own allowance for the name is whole.
  for (int i = 0; i < name_address_allowance; ++i) CHECK(b.failed_login() == "bad_credentials");

  const std::string log = fx.server.log_text();
  CHECK(contains(log, "address=198.51.100.1 failures="));
  CHECK(contains(log, "address=198.51.100.2 failures="));
  CHECK_FALSE(contains(log, "address=203.0.113.9"));
  CHECK_FALSE(contains(log, "address=127.0.0.1 failures="));
  CHECK(contains(log, "remote=198.51.100.1 via=127.0.0.1:"));
}

TEST_CASE("without a trusted proxy X-Forwarded-For is ignored", "[server][forwarded]") {
  ServerFixture fx;
  ProxiedClient a(fx.server.port(), "198.51.100.1");
  ProxiedClient b(fx.server.port(), "198.51.100.2");
  REQUIRE(a.fail_until_throttled());
  // Both are 127.0.0.1: b finds a's allowance for the name used up (with
  // separate addresses its first attempts would all be plain failures).
  CHECK(b.failed_login() == "rate_limited");

  const std::string log = fx.server.log_text();
  CHECK(contains(log, "address=127.0.0.1 failures="));
  CHECK_FALSE(contains(log, "198.51.100."));
}
