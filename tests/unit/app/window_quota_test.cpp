#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "server/session/window_quota.hpp"

using yunzi::app::WindowQuota;

namespace {
constexpr std::int64_t hour_ms = 3'600'000;
}

TEST_CASE("window quota: at most N uses per key within the window") {
  WindowQuota quota(3, hour_ms);
  CHECK(quota.try_take(1, 0));
  CHECK(quota.try_take(1, 10));
  CHECK(quota.try_take(1, 20));
  CHECK_FALSE(quota.try_take(1, 30));
  // Another key has its own uses.
  CHECK(quota.try_take(2, 30));
  // The first use leaves the window an hour after it was taken, not before.
  CHECK_FALSE(quota.try_take(1, hour_ms - 1));
  CHECK(quota.try_take(1, hour_ms));
  CHECK_FALSE(quota.try_take(1, hour_ms + 5));
}

TEST_CASE("window quota: a use given back makes room again") {
  WindowQuota quota(2, hour_ms);
  CHECK(quota.try_take(7, 100));
  CHECK(quota.try_take(7, 200));
  CHECK_FALSE(quota.try_take(7, 300));
  quota.give_back(7, 200);
  CHECK(quota.try_take(7, 300));
  CHECK_FALSE(quota.try_take(7, 400));
  // Giving back what was never taken changes nothing.
  quota.give_back(7, 999);
  quota.give_back(8, 100);
  CHECK_FALSE(quota.try_take(7, 400));
}

TEST_CASE("window quota: threads racing for one key get the quota between them") {
  WindowQuota quota(10, hour_ms);
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        if (quota.try_take(1, i)) granted.fetch_add(1);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(granted.load() == 10);
}
