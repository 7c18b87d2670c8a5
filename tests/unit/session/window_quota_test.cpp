#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <tuple>
#include <vector>

#include "server/session/window_quota.hpp"

using yunzi::session::WindowQuota;

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

TEST_CASE("window quota: uses heard from other nodes count, in their time order, and are not told on") {
  WindowQuota quota(3, hour_ms);
  std::vector<std::tuple<bool, std::int64_t, std::int64_t>> told;
  quota.on_change([&](bool taken, std::int64_t key, std::int64_t at) { told.emplace_back(taken, key, at); });
  CHECK(quota.try_take(1, 100));
  quota.heard_take(1, 300);
  quota.heard_take(1, 50);  // another node's older use, heard late
  CHECK_FALSE(quota.try_take(1, 400));
  // The oldest use, the one heard late, leaves the window first.
  CHECK(quota.try_take(1, hour_ms + 50));
  CHECK_FALSE(quota.try_take(1, hour_ms + 60));
  // A use the other node gave back makes room.
  quota.heard_give_back(1, 300);
  CHECK(quota.try_take(1, hour_ms + 70));
  quota.give_back(1, hour_ms + 70);
  using Told = std::tuple<bool, std::int64_t, std::int64_t>;
  CHECK(told ==
        std::vector<Told>{{true, 1, 100}, {true, 1, hour_ms + 50}, {true, 1, hour_ms + 70}, {false, 1, hour_ms + 70}});
}
