#include <catch2/catch.hpp>

#include <deque>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/ring_queue.hpp"

using yunzi::RingQueue;

TEST_CASE("a ring queue holds no memory until its first element", "[ring_queue]") {
  RingQueue<std::string> queue;
  CHECK(queue.empty());
  CHECK(queue.capacity() == 0);
  queue.push_back("a");
  CHECK(queue.capacity() == 4);
  CHECK(queue.front() == "a");
}

TEST_CASE("a ring queue keeps first-in first-out order across wrap-around and growth", "[ring_queue]") {
  // The same random pushes and pops on a std::deque say what must come out.
  RingQueue<int> queue;
  std::deque<int> expected;
  std::mt19937 random(7);
  int next = 0;
  for (int step = 0; step < 20000; ++step) {
    const auto roll = random() % 10;
    if (roll < 5 || expected.empty()) {
      queue.push_back(next);
      expected.push_back(next++);
    } else if (roll < 9) {
      REQUIRE(queue.front() == expected.front());
      queue.pop_front();
      expected.pop_front();
    } else {
      REQUIRE(queue.back() == expected.back());
      queue.pop_back();
      expected.pop_back();
    }
    REQUIRE(queue.size() == expected.size());
    if (!expected.empty()) REQUIRE(queue.front() == expected.front());
  }
}

TEST_CASE("a ring queue frees what an element owns when the element leaves", "[ring_queue]") {
  RingQueue<std::shared_ptr<int>> queue;
  auto first = std::make_shared<int>(1);
  auto second = std::make_shared<int>(2);
  queue.push_back(first);
  queue.push_back(second);
  queue.pop_front();
  CHECK(first.use_count() == 1);
  queue.pop_back();
  CHECK(second.use_count() == 1);
  CHECK(queue.empty());
}

TEST_CASE("a ring queue is read by index and iterated from the front, across wrap-around", "[ring_queue]") {
  RingQueue<int> queue;
  for (int i = 0; i < 4; ++i) queue.push_back(i);
  queue.pop_front();
  queue.pop_front();
  queue.push_back(4);
  queue.push_back(5);  // the last two sit in the slots the first two left
  CHECK(queue.capacity() == 4);
  std::vector<int> seen(queue.begin(), queue.end());
  CHECK(seen == std::vector<int>{2, 3, 4, 5});
  CHECK(queue[0] == 2);
  CHECK(queue[3] == 5);
  CHECK(std::as_const(queue).back() == 5);
  queue.clear();
  CHECK(queue.empty());
  CHECK(queue.capacity() == 0);
  CHECK(queue.begin() == queue.end());
}
