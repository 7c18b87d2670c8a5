// The network layer's pure parts: rate limiting, round-trip medians, the
// bounded send queue, the buffer a message is read into, the connections per
// address and static file resolution.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "server/net/address_slots.hpp"
#include "server/net/message_buffer.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/rtt_tracker.hpp"
#include "server/net/send_queue.hpp"
#include "server/net/static_files.hpp"
#include "tests/support/temp_dir.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace std::chrono_literals;

TEST_CASE("rate limiter allows the burst, then the steady rate", "[net][rate]") {
  const auto start = RateLimiter::Clock::now();
  RateLimiter limiter(20.0, 40.0, 200, 5000ms, start);
  for (int i = 0; i < 40; ++i) REQUIRE(limiter.on_message(start) == RateVerdict::allowed);
  REQUIRE(limiter.on_message(start) == RateVerdict::limited);
  // 20 per second: after 100 ms two more tokens, not three.
  const auto later = start + 100ms;
  REQUIRE(limiter.on_message(later) == RateVerdict::allowed);
  REQUIRE(limiter.on_message(later) == RateVerdict::allowed);
  REQUIRE(limiter.on_message(later) == RateVerdict::limited);
  // Refill never exceeds the burst.
  const auto much_later = start + 1h;
  for (int i = 0; i < 40; ++i) REQUIRE(limiter.on_message(much_later) == RateVerdict::allowed);
  REQUIRE(limiter.on_message(much_later) == RateVerdict::limited);
}

TEST_CASE("rate limiter calls a flood only for many rejections in one window", "[net][rate]") {
  const auto start = RateLimiter::Clock::now();
  RateLimiter limiter(20.0, 40.0, 10, 5000ms, start);
  auto spend_burst_then_reject = [&](RateLimiter::Clock::time_point t, int rejections) {
    for (int i = 0; i < 40; ++i) REQUIRE(limiter.on_message(t) == RateVerdict::allowed);
    for (int i = 0; i < rejections; ++i) REQUIRE(limiter.on_message(t) == RateVerdict::limited);
  };
  spend_burst_then_reject(start, 9);
  // A new window: the earlier nine rejections no longer count.
  const auto later = start + 6s;
  spend_burst_then_reject(later, 9);
  REQUIRE(limiter.on_message(later) == RateVerdict::flood);
}

TEST_CASE("rtt tracker answers the median of the last samples", "[net][rtt]") {
  RttTracker rtt;
  REQUIRE_FALSE(rtt.median().has_value());
  rtt.add(10ms);
  REQUIRE(rtt.median() == 10ms);
  rtt.add(30ms);
  REQUIRE(rtt.median() == 20ms);
  rtt.add(500ms);  // one delayed pong does not drag the median
  REQUIRE(rtt.median() == 30ms);
  for (int i = 0; i < 5; ++i) rtt.add(5ms);  // old samples age out
  REQUIRE(rtt.median() == 5ms);
}

TEST_CASE("send queue caps frames and bytes", "[net][queue]") {
  SendQueue queue(3, 10);
  auto frame = [](std::size_t n) { return std::make_shared<const std::string>(n, 'a'); };
  REQUIRE(queue.push(frame(4)));
  REQUIRE(queue.push(frame(4)));
  REQUIRE_FALSE(queue.push(frame(3)));  // 11 bytes
  REQUIRE(queue.push(frame(2)));
  REQUIRE_FALSE(queue.push(frame(0)));  // 4 frames
  REQUIRE(queue.bytes() == 10);
  queue.drop_all_but_front();
  REQUIRE(queue.size() == 1);
  REQUIRE(queue.bytes() == 4);
  queue.pop_front();
  REQUIRE(queue.empty());
  REQUIRE(queue.bytes() == 0);
}

TEST_CASE("static files are read once and stay inside their root", "[net][static]") {
  namespace fs = std::filesystem;
  const yunzi::test_support::TempDir dir{"yunzi-static"};
  const fs::path& base = dir.path();
  fs::create_directories(base / "web" / "img");
  std::ofstream(base / "web" / "index.html") << "<h1>yunzi</h1>";
  std::ofstream(base / "web" / "img" / "stone.SVG") << "<svg/>";
  std::ofstream(base / "secret.txt") << "secret";
  fs::create_symlink(base / "secret.txt", base / "web" / "link.txt");
  std::ofstream(base / "web" / ".env") << "hidden";
  const fs::path root = base / "web";
  const StaticSite site = StaticSite::load(root);
  std::ofstream(base / "web" / "late.js") << "added after start";

  auto index = site.find("/");
  REQUIRE(index);
  CHECK(*(*index)->body == "<h1>yunzi</h1>");
  CHECK((*index)->content_type == "text/html; charset=utf-8");
  auto svg = site.find("/img/stone.SVG?v=3");
  REQUIRE(svg);
  CHECK((*svg)->content_type == "image/svg+xml");
  CHECK((*svg)->etag != (*index)->etag);
  CHECK((*index)->etag.front() == '"');
  CHECK(site.find("/img/").error() == StaticError::not_found);
  CHECK(site.find("/missing.js").error() == StaticError::not_found);
  CHECK(site.find("/late.js").error() == StaticError::not_found);
  CHECK(site.find("/.env").error() == StaticError::not_found);
  CHECK(site.find("/../secret.txt").error() == StaticError::bad_path);
  CHECK(site.find("/img/%2e%2e/%2E%2E/secret.txt").error() == StaticError::bad_path);
  CHECK(site.find("/a%zz").error() == StaticError::bad_path);
  CHECK(site.find("/a%00b").error() == StaticError::bad_path);
  CHECK(site.find("no-slash").error() == StaticError::bad_path);
  CHECK(site.find("/link.txt").error() == StaticError::not_found);
  CHECK(site.file_count() == 2);
  CHECK(StaticSite::load(base / "no-such-dir").file_count() == 0);
  CHECK(etag_matches("\"abc\"", "\"abc\""));
  CHECK(etag_matches("\"x\", W/\"abc\"", "\"abc\""));
  CHECK(etag_matches("*", "\"abc\""));
  CHECK_FALSE(etag_matches("\"abcd\"", "\"abc\""));
  CHECK(content_type_for("game.sgf") == "application/x-go-sgf");
  CHECK(content_type_for("blob.bin") == "application/octet-stream");
}

TEST_CASE("address slots: a cap per address, each slot given back when it ends", "[net][address]") {
  AddressSlots slots(2);
  auto a1 = slots.take("198.51.100.1");
  auto a2 = slots.take("198.51.100.1");
  REQUIRE(a1);
  REQUIRE(a2);
  CHECK_FALSE(slots.take("198.51.100.1"));
  // Another address has places of its own.
  auto b1 = slots.take("198.51.100.2");
  CHECK(b1);
  CHECK(slots.held("198.51.100.1") == 2);
  a1.reset();
  CHECK(slots.held("198.51.100.1") == 1);
  // A moved slot is given back once, by its new owner.
  std::optional<AddressSlot> moved = std::move(a2);
  a2.reset();
  CHECK(slots.held("198.51.100.1") == 1);
  auto again = slots.take("198.51.100.1");
  CHECK(again);
  CHECK_FALSE(slots.take("198.51.100.1"));
  moved.reset();
  again.reset();
  CHECK(slots.held("198.51.100.1") == 0);
}

TEST_CASE("address slots: cap 0 means no cap", "[net][address]") {
  AddressSlots slots(0);
  std::vector<AddressSlot> held;
  for (int i = 0; i < 1000; ++i) {
    auto slot = slots.take("203.0.113.5");
    REQUIRE(slot);
    held.push_back(std::move(*slot));
  }
  CHECK(slots.held("203.0.113.5") == 1000);
  held.clear();
  CHECK(slots.held("203.0.113.5") == 0);
}

TEST_CASE("a message read in parts comes out whole, and the buffer then holds nothing", "[net][ws]") {
  static_assert(boost::asio::is_dynamic_buffer<MessageBuffer>::value);
  MessageBuffer buffer;
  const std::string message = std::string(700, 'x') + "end";
  std::size_t read = 0;
  while (read < message.size()) {
    // As a read does: asks for a part, receives less than it asked for.
    auto space = buffer.prepare(512);
    const std::size_t got = std::min<std::size_t>(300, message.size() - read);
    std::memcpy(space.data(), message.data() + read, got);
    buffer.commit(got);
    read += got;
    CHECK(buffer.size() == read);
  }
  CHECK(std::string(static_cast<const char*>(buffer.data().data()), buffer.data().size()) == message);
  buffer.consume(3);
  CHECK(buffer.size() == message.size() - 3);
  const std::string taken = buffer.take();
  CHECK(taken == message.substr(3));
  CHECK(buffer.size() == 0);
  CHECK(buffer.capacity() < 16);  // only the string's inline room is left
  buffer.prepare(10);
  buffer.commit(0);
  CHECK(buffer.take().empty());
}
