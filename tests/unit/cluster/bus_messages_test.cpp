// Publish and subscribe through a real nats-server: wildcards, order,
// handlers on the executor, cancelling.
#include <atomic>
#include <catch2/catch.hpp>

#include "tests/unit/cluster/cluster_test_support.hpp"

using namespace yunzi;
using namespace yunzi::cluster;
using namespace yunzi::cluster::testing;

TEST_CASE("a wildcard subscription gets the matching messages, on the executor", "[cluster][bus]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());
  CHECK(bus.connected());

  Mailbox<BusMessage> got;
  std::atomic<int> off_executor{0};
  auto subscription = bus.subscribe("yunzi.game.*.req", [&](BusMessage message) {
    if (!executor.runs_here()) ++off_executor;
    got.push(std::move(message));
  });
  REQUIRE(subscription);

  // Sent in this order on one connection, so anything wrongly matched would
  // arrive between the two that match.
  REQUIRE(bus.publish("yunzi.game.42.req", "first"));
  REQUIRE(bus.publish("yunzi.game.42.other", "not for it"));
  REQUIRE(bus.publish("yunzi.game.42.req.deeper", "not for it either"));
  REQUIRE(bus.publish("yunzi.lobby.req", "nor this"));
  REQUIRE(bus.publish("yunzi.game.7.req", "second"));

  auto first = got.next();
  REQUIRE(first);
  CHECK(first->subject == "yunzi.game.42.req");
  CHECK(first->data == "first");
  CHECK(first->reply_to.empty());
  auto second = got.next();
  REQUIRE(second);
  CHECK(second->subject == "yunzi.game.7.req");
  CHECK(second->data == "second");
  CHECK(off_executor == 0);

  const BusStats stats = bus.stats();
  CHECK(stats.published == 5);
  CHECK(stats.received == 2);
}

TEST_CASE("a subscription's messages reach its handler in order, one at a time", "[cluster][bus]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor(4);
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  constexpr int kMessages = 500;
  std::vector<int> seen;  // touched by the handler only, read after the last one
  std::atomic<int> inside{0};
  std::atomic<int> overlapped{0};
  Mailbox<bool> finished;
  auto subscription = bus.subscribe("yunzi.ordered", [&](BusMessage message) {
    if (++inside > 1) ++overlapped;
    seen.push_back(std::stoi(message.data));
    if (seen.size() == kMessages) finished.push(true);
    --inside;
  });
  REQUIRE(subscription);
  for (int i = 0; i < kMessages; ++i) REQUIRE(bus.publish("yunzi.ordered", std::to_string(i)));

  REQUIRE(finished.next());
  CHECK(overlapped == 0);
  std::vector<int> expected(kMessages);
  for (int i = 0; i < kMessages; ++i) expected[i] = i;
  CHECK(seen == expected);
}

TEST_CASE("messages from another node arrive, with payloads of any bytes", "[cluster][bus]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus receiver(executor.get(), options_for(nats, "receiver"));
  Bus sender(executor.get(), options_for(nats, "sender"));
  REQUIRE(receiver.start());
  REQUIRE(sender.start());

  Mailbox<BusMessage> got;
  auto subscription = receiver.subscribe("yunzi.node.>", [&](BusMessage message) { got.push(std::move(message)); });
  REQUIRE(subscription);
  // The receiver's subscription travels on its own connection: the sender
  // keeps sending until one arrives.
  REQUIRE(wait_until([&] {
    REQUIRE(sender.publish("yunzi.node.b.hello", "probe"));
    return got.next(50ms).has_value();
  }));
  while (got.next(0ms)) {
  }

  const std::string binary("a\0b\xff\n", 5);
  REQUIRE(sender.publish("yunzi.node.b.data", binary));
  REQUIRE(sender.publish("yunzi.node.b.empty", ""));
  auto first = got.next();
  REQUIRE(first);
  CHECK(first->subject == "yunzi.node.b.data");
  CHECK(first->data == binary);
  auto second = got.next();
  REQUIRE(second);
  CHECK(second->subject == "yunzi.node.b.empty");
  CHECK(second->data.empty());
}

TEST_CASE("a cancelled subscription hears nothing more, its neighbour still does", "[cluster][bus]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  std::atomic<int> cancelled_heard{0};
  Mailbox<std::string> neighbour_heard;
  auto cancelled = bus.subscribe("yunzi.chat", [&](BusMessage) { ++cancelled_heard; });
  auto neighbour = bus.subscribe("yunzi.chat", [&](BusMessage message) { neighbour_heard.push(message.data); });
  REQUIRE(cancelled);
  REQUIRE(neighbour);

  REQUIRE(bus.publish("yunzi.chat", "one"));
  CHECK(neighbour_heard.next() == "one");
  REQUIRE(wait_until([&] { return cancelled_heard == 1; }));

  cancelled->cancel();
  CHECK_FALSE(cancelled->active());
  for (const char* text : {"two", "three", "four"}) REQUIRE(bus.publish("yunzi.chat", text));
  CHECK(neighbour_heard.next() == "two");
  CHECK(neighbour_heard.next() == "three");
  CHECK(neighbour_heard.next() == "four");
  REQUIRE(executor.drain());
  CHECK(cancelled_heard == 1);
}

TEST_CASE("a handler may cancel its own subscription", "[cluster][bus]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  std::atomic<int> heard{0};
  Mailbox<bool> cancelled_inside;
  // Set here, cancelled there: the mutex orders the two for the sanitizers,
  // which do not see the trip through nats-server as ordering anything.
  std::mutex once_mutex;
  Subscription once;
  Mailbox<std::string> witness;
  auto subscribed = bus.subscribe("yunzi.once", [&](BusMessage) {
    ++heard;
    std::lock_guard lock(once_mutex);
    once.cancel();
    cancelled_inside.push(true);
  });
  REQUIRE(subscribed);
  {
    std::lock_guard lock(once_mutex);
    once = std::move(subscribed).value();
  }
  auto watcher = bus.subscribe("yunzi.once", [&](BusMessage message) { witness.push(message.data); });
  REQUIRE(watcher);

  REQUIRE(bus.publish("yunzi.once", "a"));
  REQUIRE(cancelled_inside.next());
  REQUIRE(bus.publish("yunzi.once", "b"));
  CHECK(witness.next() == "a");
  CHECK(witness.next() == "b");
  REQUIRE(executor.drain());
  CHECK(heard == 1);
}
