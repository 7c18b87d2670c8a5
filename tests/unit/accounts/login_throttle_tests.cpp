#include <catch2/catch.hpp>

#include "server/accounts/login_throttle.hpp"

using namespace yunzi::accounts;

TEST_CASE("failed logins for a name wait exponentially longer after the free ones", "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{3, 1'000, 8'000, 1000});
  std::int64_t now = 10'000;
  for (int i = 0; i < 3; ++i) {
    CHECK_FALSE(throttle.wait_before_attempt("alice", "a" + std::to_string(i), now));
    throttle.record_failure("alice", "a" + std::to_string(i), now);
  }
  CHECK_FALSE(throttle.wait_before_attempt("alice", "other", now));
  throttle.record_failure("alice", "other", now);  // 4th: 1 s
  CHECK(throttle.wait_before_attempt("alice", "fresh", now) == 1'000);
  CHECK(throttle.wait_before_attempt("alice", "fresh", now + 400) == 600);
  now += 1'000;
  CHECK_FALSE(throttle.wait_before_attempt("alice", "fresh", now));
  throttle.record_failure("alice", "fresh2", now);  // 5th: 2 s
  CHECK(throttle.wait_before_attempt("alice", "fresh3", now) == 2'000);
  for (int i = 0; i < 10; ++i) throttle.record_failure("alice", "x" + std::to_string(i), now);
  CHECK(throttle.wait_before_attempt("alice", "fresh3", now) == 8'000);  // the ceiling
  CHECK_FALSE(throttle.wait_before_attempt("bob", "fresh3", now));
  throttle.record_success("alice");
  CHECK_FALSE(throttle.wait_before_attempt("alice", "fresh3", now));
  CHECK(throttle.failures_of_name("alice") == 0);
}

TEST_CASE("one address guessing many names is throttled too", "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{2, 500, 60'000, 1000});
  for (int i = 0; i < 3; ++i) throttle.record_failure("name" + std::to_string(i), "10.0.0.1", 0);
  CHECK(throttle.wait_before_attempt("somebody", "10.0.0.1", 0) == 500);
  CHECK_FALSE(throttle.wait_before_attempt("somebody", "10.0.0.2", 0));
}

TEST_CASE("the throttle forgets stale entries when it grows too large", "[accounts][throttle]") {
  LoginThrottle throttle(ThrottleOptions{0, 100, 1'000, 10});
  for (int i = 0; i < 10; ++i) throttle.record_failure("n" + std::to_string(i), "addr" + std::to_string(i), 0);
  throttle.record_failure("late", "late-addr", 5'000);
  CHECK(throttle.failures_of_name("n0") == 0);
  CHECK(throttle.failures_of_name("late") == 1);
  CHECK(throttle.wait_before_attempt("late", "late-addr", 5'000) == 100);
}
