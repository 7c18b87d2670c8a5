#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "server/accounts/signup_limit.hpp"

using namespace yunzi;
using namespace yunzi::accounts;

namespace {

constexpr std::int64_t minute_ms = 60'000;

}  // namespace

TEST_CASE("an address makes at most per_hour sign-ups in any hour", "[accounts][signups]") {
  SignupLimit limit(SignupOptions{3, 1000});
  CHECK(limit.reserve("10.0.0.1", 0));
  CHECK(limit.reserve("10.0.0.1", 10 * minute_ms));
  CHECK(limit.reserve("10.0.0.1", 20 * minute_ms));
  auto refused = limit.reserve("10.0.0.1", 30 * minute_ms);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().ms == 30 * minute_ms);  // until the first leaves the hour
  CHECK(limit.reserve("10.0.0.2", 30 * minute_ms));
  CHECK_FALSE(limit.reserve("10.0.0.1", 60 * minute_ms - 1));
  CHECK(limit.reserve("10.0.0.1", 60 * minute_ms));  // the first is an hour old: out of the window
  CHECK_FALSE(limit.reserve("10.0.0.1", 60 * minute_ms + 1));
}

TEST_CASE("a sign-up that made no account gives its slot back", "[accounts][signups]") {
  SignupLimit limit(SignupOptions{1, 1000});
  auto slot = limit.reserve("10.0.0.1", 0);
  REQUIRE(slot);
  CHECK_FALSE(limit.reserve("10.0.0.1", 0));
  limit.release(*slot);
  CHECK(limit.reserve("10.0.0.1", 0));
}

TEST_CASE("sign-ups reserved from many threads at once never pass the cap", "[accounts][signups]") {
  SignupLimit limit(SignupOptions{5, 1000});
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        if (limit.reserve("10.0.0.1", 0)) ++granted;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(granted == 5);
}

TEST_CASE("the table of addresses stays bounded and keeps the busiest", "[accounts][signups]") {
  SignupLimit limit(SignupOptions{1, 8});
  CHECK(limit.reserve("busy", 10 * minute_ms));
  for (int i = 0; i < 40; ++i) CHECK(limit.reserve("a" + std::to_string(i), i));
  CHECK_FALSE(limit.reserve("busy", 10 * minute_ms));
}

TEST_CASE("sign-ups another node reserved count here too, until it gives them back", "[accounts][signups]") {
  SignupLimit here(SignupOptions{2, 1000});
  SignupLimit there(SignupOptions{2, 1000});
  auto first = there.reserve("10.0.0.1", 0);
  auto second = there.reserve("10.0.0.1", minute_ms);
  REQUIRE(first);
  REQUIRE(second);
  here.reserved_elsewhere(*first);
  here.reserved_elsewhere(*second);
  CHECK_FALSE(here.reserve("10.0.0.1", 2 * minute_ms));
  here.release(*second);
  CHECK(here.reserve("10.0.0.1", 2 * minute_ms));
  CHECK(here.reserve("10.0.0.1", 60 * minute_ms + 1));  // the first is out of the hour
}
