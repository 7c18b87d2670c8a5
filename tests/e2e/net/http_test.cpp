// Plain HTTP on the same port: the static directory, refused traversal,
// 404/405, and routes the application registers.
#include <prometheus/text_serializer.h>
#include <unistd.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "server/net/gzip.hpp"
#include "tests/e2e/net/net_fixture.hpp"
#include "tests/support/temp_dir.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;
using yunzi::client::http_get;
using yunzi::client::http_request;

namespace {

namespace fs = std::filesystem;

struct WebDir {
  WebDir() {
    fs::create_directories(root);
    std::ofstream(root / "index.html") << "<!doctype html><title>yunzi</title>";
    std::ofstream(root / "app.js") << "console.log('yunzi');";
    std::ofstream(base / "outside.txt") << "must not be served";
  }
  yunzi::test_support::TempDir dir{"yunzi-web"};
  fs::path base = dir.path();
  fs::path root = base / "web";
};

NetConfig config_with_static(const fs::path& root) {
  NetConfig config = test_config();
  config.static_dir = root.string();
  return config;
}

}  // namespace

TEST_CASE("http: static files, traversal, 404 and application routes", "[net][http]") {
  WebDir web;
  NetFixture fx(config_with_static(web.root));
  fx.server.add_route([](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/healthz") return std::nullopt;
    return HttpResponse{200, "text/plain; charset=utf-8", "ok\n", {{"Cache-Control", "no-store"}}};
  });
  fx.server.add_route([&registry = fx.metrics](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/metrics") return std::nullopt;
    return HttpResponse{
        200, "text/plain; version=0.0.4", prometheus::TextSerializer().Serialize(registry.Collect()), {}};
  });

  auto index = http_get("127.0.0.1", fx.port, "/");
  REQUIRE(index);
  CHECK(index->status == 200);
  CHECK(index->content_type == "text/html; charset=utf-8");
  CHECK(index->body == "<!doctype html><title>yunzi</title>");

  auto script = http_get("127.0.0.1", fx.port, "/app.js");
  REQUIRE(script);
  CHECK(script->status == 200);
  CHECK(script->content_type == "text/javascript; charset=utf-8");
  CHECK(script->header("Cache-Control") == "no-cache");
  const auto etag = script->header("ETag");
  REQUIRE(etag);
  CHECK(index->header("ETag") != etag);

  // A browser revalidating what it holds gets 304 and no body; a stale copy
  // gets the file.
  auto unchanged =
      http_request("127.0.0.1", fx.port, "GET", "/app.js", std::chrono::seconds(5), {{"If-None-Match", *etag}});
  REQUIRE(unchanged);
  CHECK(unchanged->status == 304);
  CHECK(unchanged->body.empty());
  CHECK(unchanged->header("ETag") == etag);
  auto stale = http_request("127.0.0.1", fx.port, "GET", "/app.js", std::chrono::seconds(5),
                            {{"If-None-Match", "\"0000000000000000\""}});
  REQUIRE(stale);
  CHECK(stale->status == 200);
  CHECK(stale->body == script->body);

  for (const char* target : {"/../outside.txt", "/../../../../etc/passwd", "/%2e%2e/outside.txt"}) {
    auto traversal = http_get("127.0.0.1", fx.port, target);
    REQUIRE(traversal);
    INFO(target);
    CHECK(traversal->status == 400);
    CHECK(traversal->body.find("must not be served") == std::string::npos);
    CHECK(traversal->body.find("root:") == std::string::npos);
  }

  auto missing = http_get("127.0.0.1", fx.port, "/no-such-page");
  REQUIRE(missing);
  CHECK(missing->status == 404);

  auto post = http_request("127.0.0.1", fx.port, "POST", "/");
  REQUIRE(post);
  CHECK(post->status == 405);

  auto head = http_request("127.0.0.1", fx.port, "HEAD", "/");
  REQUIRE(head);
  CHECK(head->status == 200);
  CHECK(head->body.empty());

  auto health = http_get("127.0.0.1", fx.port, "/healthz");
  REQUIRE(health);
  CHECK(health->status == 200);
  CHECK(health->body == "ok\n");

  auto client = fx.connect();
  REQUIRE(fx.app.wait_opened(1));
  auto scrape = http_get("127.0.0.1", fx.port, "/metrics");
  REQUIRE(scrape);
  CHECK(scrape->status == 200);
  CHECK(scrape->body.find("yunzi_ws_connections_open 1\n") != std::string::npos);
  CHECK(scrape->body.find("yunzi_http_requests_total") != std::string::npos);
}

TEST_CASE("http: an entry module is served joined, and text as gzip to those who take it", "[net][http][gzip]") {
  WebDir web;
  fs::create_directories(web.root / "js");
  std::string board;
  for (int i = 0; i < 200; ++i)
    board += "export function point_" + std::to_string(i) + "() { return " + std::to_string(i) + "; }\n";
  std::ofstream(web.root / "js" / "board.js") << board;
  std::ofstream(web.root / "js" / "main.js") << "import { point_7 } from \"./board.js\";\nconsole.log(point_7());\n";
  NetFixture fx(config_with_static(web.root));

  auto plain = http_get("127.0.0.1", fx.port, "/js/main.js");
  REQUIRE(plain);
  CHECK(plain->status == 200);
  CHECK_FALSE(plain->header("Content-Encoding"));
  CHECK(plain->header("Vary") == "Accept-Encoding");
  CHECK(plain->body.find("// js/board.js\n") != std::string::npos);
  CHECK(plain->body.find("const { point_7 } = yunzi_module_0;") != std::string::npos);

  auto packed = http_request("127.0.0.1", fx.port, "GET", "/js/main.js", std::chrono::seconds(5),
                             {{"Accept-Encoding", "gzip, deflate, br"}});
  REQUIRE(packed);
  CHECK(packed->status == 200);
  CHECK(packed->header("Content-Encoding") == "gzip");
  CHECK(packed->header("Vary") == "Accept-Encoding");
  CHECK(packed->body == gzip(plain->body));
  CHECK(packed->body.size() * 4 < plain->body.size());
  const auto packed_etag = packed->header("ETag");
  REQUIRE(packed_etag);
  CHECK(packed_etag != plain->header("ETag"));

  // Each representation revalidates against its own tag.
  auto unchanged = http_request("127.0.0.1", fx.port, "GET", "/js/main.js", std::chrono::seconds(5),
                                {{"Accept-Encoding", "gzip"}, {"If-None-Match", *packed_etag}});
  REQUIRE(unchanged);
  CHECK(unchanged->status == 304);
  CHECK(unchanged->body.empty());
  auto other_tag = http_request("127.0.0.1", fx.port, "GET", "/js/main.js", std::chrono::seconds(5),
                                {{"If-None-Match", *packed_etag}});
  REQUIRE(other_tag);
  CHECK(other_tag->status == 200);
  CHECK(other_tag->body == plain->body);

  auto refused = http_request("127.0.0.1", fx.port, "GET", "/js/main.js", std::chrono::seconds(5),
                              {{"Accept-Encoding", "gzip;q=0, identity"}});
  REQUIRE(refused);
  CHECK_FALSE(refused->header("Content-Encoding"));
  CHECK(refused->body == plain->body);

  // A file too small to gain is sent as it is, without Vary.
  auto small =
      http_request("127.0.0.1", fx.port, "GET", "/app.js", std::chrono::seconds(5), {{"Accept-Encoding", "gzip"}});
  REQUIRE(small);
  CHECK_FALSE(small->header("Content-Encoding"));
  CHECK_FALSE(small->header("Vary"));
  CHECK(small->body == "console.log('yunzi');");
}

TEST_CASE("http: without a static directory only routes answer", "[net][http]") {
  NetFixture fx;
  auto index = http_get("127.0.0.1", fx.port, "/");
  REQUIRE(index);
  CHECK(index->status == 404);
  auto plain_ws = http_get("127.0.0.1", fx.port, "/ws");
  REQUIRE(plain_ws);
  CHECK(plain_ws->status == 404);
}

TEST_CASE("http: a throwing route answers 500 and the server lives on", "[net][http]") {
  NetFixture fx;
  fx.server.add_route([](const HttpRequest&) -> std::optional<HttpResponse> { throw std::runtime_error("boom"); });
  auto broken = http_get("127.0.0.1", fx.port, "/anything");
  REQUIRE(broken);
  CHECK(broken->status == 500);
  auto client = fx.connect();
  CHECK(client->request({{"type", "alive"}}));
}

TEST_CASE("http: pages carry the page's security policy, every other response one that allows nothing",
          "[net][http][headers]") {
  WebDir web;
  NetFixture fx(config_with_static(web.root));
  fx.server.add_route([](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/healthz") return std::nullopt;
    return HttpResponse{200, "text/plain; charset=utf-8", "ok\n", {}};
  });
  const std::string page_policy = NetConfig{}.page_security_policy;
  CHECK(page_policy.find("script-src 'self'") != std::string::npos);
  CHECK(page_policy.find("unsafe-inline") == std::string::npos);
  CHECK(page_policy.find("frame-ancestors 'none'") != std::string::npos);

  struct Expected {
    const char* method;
    const char* target;
    unsigned status;
    std::string policy;
  };
  const std::string nothing = "default-src 'none'; frame-ancestors 'none'";
  for (const auto& e : std::vector<Expected>{{"GET", "/", 200, page_policy},
                                             {"GET", "/app.js", 200, page_policy},
                                             {"HEAD", "/index.html", 200, page_policy},
                                             {"GET", "/healthz", 200, nothing},
                                             {"GET", "/no-such-page", 404, nothing},
                                             {"POST", "/", 405, nothing},
                                             {"GET", "/../outside.txt", 400, nothing},
                                             {"GET", "/nope", 404, nothing}}) {
    auto reply = http_request("127.0.0.1", fx.port, e.method, e.target);
    INFO(e.method << " " << e.target);
    REQUIRE(reply);
    CHECK(reply->status == e.status);
    CHECK(reply->header("Content-Security-Policy") == e.policy);
    CHECK(reply->header("X-Frame-Options") == "DENY");
    CHECK(reply->header("X-Content-Type-Options") == "nosniff");
    CHECK(reply->header("Referrer-Policy") == "no-referrer");
  }
}
