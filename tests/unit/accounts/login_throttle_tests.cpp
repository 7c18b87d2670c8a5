#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "server/accounts/login_throttle.hpp"

using namespace yunzi;
using namespace yunzi::accounts;

namespace {

// Small allowances so each can be used up in a few steps: 3 per name and
// address (one back a second), 6 per name (one back every 10 s), 4 per
// address (one back a minute).
ThrottleOptions small() { return ThrottleOptions{{3, 1'000}, {6, 10'000}, {4, 60'000}, 1000}; }

// Reserves and, like a wrong password, keeps the reservation; true if granted.
bool guess(LoginThrottle& throttle, std::string_view name, std::string_view address, std::int64_t now) {
  return throttle.reserve(name, address, now).has_value();
}

std::int64_t wait_of(LoginThrottle& throttle, std::string_view name, std::string_view address, std::int64_t now) {
  auto refused = throttle.reserve(name, address, now);
  REQUIRE_FALSE(refused);
  return refused.error().ms;
}

}  // namespace

TEST_CASE("one address may guess a name a few times, then one more guess comes back per interval",
          "[accounts][throttle]") {
  LoginThrottle throttle(small());
  const std::int64_t now = 100'000;
  for (int i = 0; i < 3; ++i) CHECK(guess(throttle, "alice", "10.0.0.1", now));
  CHECK(wait_of(throttle, "alice", "10.0.0.1", now) == 1'000);
  CHECK(wait_of(throttle, "alice", "10.0.0.1", now + 400) == 600);
  CHECK(guess(throttle, "alice", "10.0.0.1", now + 1'000));  // decayed: one back
  CHECK_FALSE(guess(throttle, "alice", "10.0.0.1", now + 1'000));
  // Long quiet: the allowance is whole again.
  for (int i = 0; i < 3; ++i) CHECK(guess(throttle, "alice", "10.0.0.1", now + 1'000'000));
}

TEST_CASE("a name's guesses from other addresses leave its own allowance per address, up to the name's",
          "[accounts][throttle]") {
  LoginThrottle throttle(small());
  for (int i = 0; i < 3; ++i) CHECK(guess(throttle, "alice", "10.0.0.1", 0));
  CHECK_FALSE(guess(throttle, "alice", "10.0.0.1", 0));
  // Another address still has its 3, but the name as a whole only 6.
  for (int i = 0; i < 3; ++i) CHECK(guess(throttle, "alice", "10.0.0.2", 0));
  CHECK(wait_of(throttle, "alice", "10.0.0.3", 0) == 10'000);
  CHECK(throttle.recent_failures_of_name("alice", 0) == 6);
  CHECK(throttle.recent_failures_of_name("alice", 25'000) == 4);
  CHECK(guess(throttle, "bob", "10.0.0.3", 0));
}

TEST_CASE("failures at other names never stop a name without failures of its own", "[accounts][throttle]") {
  LoginThrottle throttle(small());
  // Four guesses at four names use up the address's allowance.
  for (int i = 0; i < 4; ++i) CHECK(guess(throttle, "name" + std::to_string(i), "203.0.113.7", 0));
  // A name already guessed at waits for the address...
  CHECK(wait_of(throttle, "name0", "203.0.113.7", 0) == 60'000);
  // ...a name nobody guessed at is still checked, once at a time:
  auto fresh = throttle.reserve("carol", "203.0.113.7", 0);
  REQUIRE(fresh);
  CHECK_FALSE(fresh->charged_address);
  CHECK_FALSE(guess(throttle, "carol", "203.0.113.7", 0));
  // and when its password is right, carol may log in again at once.
  throttle.succeeded(*fresh, 0);
  CHECK(guess(throttle, "carol", "203.0.113.7", 0));
  // Other addresses are not concerned.
  CHECK(guess(throttle, "name0", "198.51.100.1", 0));
}

TEST_CASE("a correct password gives its attempt back; a failed check before hashing gives all back",
          "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{{3, 1'000}, {6, 10'000}, {50, 60'000}, 1000});
  CHECK(guess(throttle, "alice", "10.0.0.1", 0));
  CHECK(guess(throttle, "alice", "10.0.0.1", 0));
  auto right = throttle.reserve("alice", "10.0.0.1", 0);
  REQUIRE(right);
  throttle.succeeded(*right, 0);
  // The name and address allowance is whole again; the name keeps the two wrong ones.
  for (int i = 0; i < 3; ++i) CHECK(guess(throttle, "alice", "10.0.0.1", 0));
  CHECK(throttle.recent_failures_of_name("alice", 0) == 5);

  auto unchecked = throttle.reserve("dave", "10.0.0.9", 0);
  REQUIRE(unchecked);
  throttle.release(*unchecked, 0);
  CHECK(throttle.recent_failures_of_name("dave", 0) == 0);
}

TEST_CASE("attempts reserved from many threads at once never pass the allowance", "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{{5, 60'000}, {10, 60'000}, {50, 60'000}, 1000});
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        if (throttle.reserve("target", "10.0.0.1", 0)) ++granted;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(granted == 5);
}

TEST_CASE("the tables stay bounded, forgetting the least limited first", "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{{2, 1'000}, {100, 1'000}, {1'000'000, 1'000}, 8});
  // Names 0..7 each guessed once; then "hot" twice, which must be remembered.
  for (int i = 0; i < 8; ++i) CHECK(guess(throttle, "n" + std::to_string(i), "a" + std::to_string(i), 0));
  CHECK(guess(throttle, "hot", "x", 0));
  CHECK(guess(throttle, "hot", "x", 0));
  for (int i = 8; i < 40; ++i) CHECK(guess(throttle, "n" + std::to_string(i), "a" + std::to_string(i), 0));
  CHECK_FALSE(guess(throttle, "hot", "x", 0));
  // Later, entries whose allowance is whole again make room; hot's has decayed too.
  for (int i = 0; i < 40; ++i) CHECK(guess(throttle, "m" + std::to_string(i), "b" + std::to_string(i), 50'000));
  CHECK(guess(throttle, "hot", "x", 50'000));
}

TEST_CASE("attempts another node reserved count here as this node's own, and give back as they do",
          "[accounts][throttle]") {
  LoginThrottle here(small());
  LoginThrottle there(small());
  const std::int64_t now = 100'000;
  for (int i = 0; i < 2; ++i) {
    auto attempt = there.reserve("alice", "10.0.0.1", now);
    REQUIRE(attempt);
    here.charged_elsewhere(*attempt, now);
  }
  CHECK(guess(here, "alice", "10.0.0.1", now));
  CHECK(wait_of(here, "alice", "10.0.0.1", now) == 1'000);
  // A right password there clears the name for that address here too.
  auto right = there.reserve("alice", "10.0.0.1", now);
  REQUIRE(right);
  here.charged_elsewhere(*right, now);
  there.succeeded(*right, now);
  here.succeeded(*right, now);
  CHECK(guess(here, "alice", "10.0.0.1", now));
}
