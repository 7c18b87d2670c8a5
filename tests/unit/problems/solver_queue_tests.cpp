// The solver's queue: bounded as a whole and per owner, so that one account's connections cannot fill it.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>

#include "server/problems/solver_queue.hpp"

using namespace yunzi::problems;
using namespace std::chrono_literals;

namespace {

// A job that holds the solver's thread until the test lets it go.
struct Gate {
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  std::function<void()> job() {
    return [opened = opened] { opened.wait(); };
  }
};

}  // namespace

TEST_CASE("one owner may have two jobs waiting or running; others are still served", "[problems][solver]") {
  SolverQueue queue(16, 2);
  Gate gate;
  std::promise<void> second_ran;
  REQUIRE(queue.submit(1, gate.job()));  // runs, held by the gate
  REQUIRE(queue.submit(1, [&] { second_ran.set_value(); }));
  CHECK_FALSE(queue.submit(1, [] {}));  // a third of the same owner
  std::promise<void> other_ran;
  CHECK(queue.submit(2, [&] { other_ran.set_value(); }));
  gate.open.set_value();
  REQUIRE(second_ran.get_future().wait_for(10s) == std::future_status::ready);
  REQUIRE(other_ran.get_future().wait_for(10s) == std::future_status::ready);
  // Its jobs done, the owner may ask again.
  std::promise<void> again;
  CHECK(queue.submit(1, [&] { again.set_value(); }));
  CHECK(again.get_future().wait_for(10s) == std::future_status::ready);
}

TEST_CASE("the queue as a whole holds its limit of waiting jobs, whoever owns them", "[problems][solver]") {
  SolverQueue queue(3, 2);
  Gate gate;
  REQUIRE(queue.submit(1, gate.job()));
  // The held job has left the queue once the thread took it; wait for that, so the count below is exact.
  for (int i = 0; i < 1000 && queue.waiting() != 0; ++i) std::this_thread::sleep_for(1ms);
  REQUIRE(queue.waiting() == 0);
  CHECK(queue.submit(2, [] {}));
  CHECK(queue.submit(3, [] {}));
  CHECK(queue.submit(4, [] {}));
  CHECK_FALSE(queue.submit(5, [] {}));
  CHECK(queue.waiting() == 3);
  gate.open.set_value();
  queue.stop();
  CHECK_FALSE(queue.submit(6, [] {}));
}
