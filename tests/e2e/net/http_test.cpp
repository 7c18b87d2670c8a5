// Plain HTTP on the same port: the static directory, refused traversal,
// 404/405, and routes the application registers.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "tests/e2e/net/net_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi::net;
using namespace yunzi::net::testing;
using yunzi::client::http_get;
using yunzi::client::http_request;

namespace {

namespace fs = std::filesystem;

struct WebDir {
  WebDir() {
    fs::remove_all(base);
    fs::create_directories(root);
    std::ofstream(root / "index.html") << "<!doctype html><title>yunzi</title>";
    std::ofstream(root / "app.js") << "console.log('yunzi');";
    std::ofstream(base / "outside.txt") << "must not be served";
  }
  ~WebDir() { fs::remove_all(base); }
  fs::path base = fs::temp_directory_path() / ("yunzi-web-" + std::to_string(::getpid()));
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
  const auto& metrics = fx.server.metrics();
  fx.server.add_route([&metrics](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/metrics") return std::nullopt;
    return HttpResponse{200, "text/plain; version=0.0.4", metrics.render(), {}};
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
