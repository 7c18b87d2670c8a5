// stop(): nothing of the bus runs once it returns, with messages and
// requests still in flight, and the bus can then be destroyed.
#include <atomic>
#include <catch2/catch.hpp>
#include <memory>

#include "tests/unit/cluster/cluster_test_support.hpp"

using namespace yunzi;
using namespace yunzi::cluster;
using namespace yunzi::cluster::testing;

TEST_CASE("stop() with messages and a request in flight, then destruction, is clean", "[cluster][bus][stop]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  auto bus = std::make_unique<Bus>(executor.get(), options_for(nats, "stopping"));
  Bus flooder(executor.get(), options_for(nats, "flooder"));
  REQUIRE(bus->start());
  REQUIRE(flooder.start());

  std::atomic<int> handled{0};
  // Captured by the handler only: expires when the bus lets go of it.
  auto capture = std::make_shared<int>(0);
  std::weak_ptr<int> handler_alive = capture;
  auto subscription = bus->subscribe("yunzi.flood", [&handled, capture](BusMessage) {
    ++handled;
    // A slow consumer, so that stop() finds most of the flood still queued.
    std::this_thread::sleep_for(1ms);
  });
  REQUIRE(subscription);
  capture.reset();
  Mailbox<BusMessage> heard;
  auto silent = flooder.subscribe("yunzi.silent", [&](BusMessage message) { heard.push(std::move(message)); });
  REQUIRE(silent);
  REQUIRE(wait_until([&] {
    (void)flooder.publish("yunzi.flood", "probe");
    return handled > 0;
  }));

  // The flooder only listens on yunzi.silent: probes until its subscription
  // is known to the server, then the request that stays unanswered.
  REQUIRE(wait_until([&] {
    bus->request("yunzi.silent", "probe", 100ms, [](Answer) {});
    return heard.next(100ms).has_value();
  }));
  std::atomic<int> request_callbacks{0};
  bus->request("yunzi.silent", "pending", 60s, [&](Answer) { ++request_callbacks; });
  REQUIRE(wait_until([&] {
    auto message = heard.next(100ms);
    return message && message->data == "pending";
  }));

  const int before_flood = handled;
  for (int i = 0; i < 5000; ++i) REQUIRE(flooder.publish("yunzi.flood", std::to_string(i)));
  REQUIRE(wait_until([&] { return handled > before_flood; }));

  bus->stop();
  const int at_stop = handled;
  CHECK(at_stop < before_flood + 5000);  // stopped with messages still coming
  CHECK(handler_alive.expired());        // the handler was destroyed by stop()
  CHECK_FALSE(bus->connected());

  // Whatever was queued on the executor before stop() returned has run by
  // now, and more messages go out: none reaches the stopped bus.
  for (int i = 0; i < 100; ++i) REQUIRE(flooder.publish("yunzi.flood", "after"));
  REQUIRE(executor.drain());
  REQUIRE(executor.drain());
  CHECK(handled == at_stop);
  CHECK(request_callbacks == 0);

  // A stopped bus refuses work; its handle cancels safely after the fact.
  auto late = bus->publish("yunzi.flood", "late");
  REQUIRE_FALSE(late);
  CHECK(late.error().kind == BusErrorKind::closed);
  CHECK_FALSE(bus->start());
  bus->stop();  // twice is harmless
  bus.reset();
  subscription->cancel();
}

TEST_CASE("a handler may stop its own bus", "[cluster][bus][stop]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  std::atomic<int> calls{0};
  Mailbox<bool> stopped_inside;
  auto subscription = bus.subscribe("yunzi.stop", [&](BusMessage) {
    ++calls;
    bus.stop();
    stopped_inside.push(true);
  });
  REQUIRE(subscription);
  for (int i = 0; i < 50; ++i) REQUIRE(bus.publish("yunzi.stop", "now"));
  REQUIRE(stopped_inside.next());
  REQUIRE(executor.drain());
  CHECK(calls == 1);
  CHECK_FALSE(bus.connected());
}

TEST_CASE("stop() from another thread waits for a handler that is running", "[cluster][bus][stop]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  Mailbox<bool> entered;
  std::atomic<bool> finished{false};
  auto subscription = bus.subscribe("yunzi.slow", [&](BusMessage) {
    entered.push(true);
    // Long enough that a stop() that did not wait would return first.
    std::this_thread::sleep_for(200ms);
    finished = true;
  });
  REQUIRE(subscription);
  REQUIRE(bus.publish("yunzi.slow", "work"));
  REQUIRE(entered.next());
  bus.stop();
  CHECK(finished);
}

TEST_CASE("buses come and go one after another, each opening libnats again", "[cluster][bus][stop]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  for (int round = 0; round < 3; ++round) {
    Bus bus(executor.get(), options_for(nats));
    REQUIRE(bus.start());
    Mailbox<std::string> got;
    auto subscription = bus.subscribe("yunzi.round", [&](BusMessage message) { got.push(message.data); });
    REQUIRE(subscription);
    REQUIRE(bus.publish("yunzi.round", std::to_string(round)));
    CHECK(got.next() == std::to_string(round));
  }
}
