// The bus and NATS's comings and goings: started before NATS, NATS
// restarted under it, settings libnats cannot use, calls before start.
#include <atomic>
#include <catch2/catch.hpp>

#include "tests/unit/cluster/cluster_test_support.hpp"

using namespace yunzi;
using namespace yunzi::cluster;
using namespace yunzi::cluster::testing;

namespace {

// Publishes on the sender until the receiver's mailbox gets a message
// whose data starts with `prefix` (earlier ones are dropped), or the deadline.
bool flows(Bus& sender, const std::string& subject, Mailbox<BusMessage>& received, const std::string& prefix,
           std::chrono::milliseconds deadline = 15s) {
  int sent = 0;
  return wait_until(
      [&] {
        (void)sender.publish(subject, prefix + std::to_string(sent++));
        while (auto message = received.next(50ms)) {
          if (message->data.rfind(prefix, 0) == 0) return true;
        }
        return false;
      },
      deadline);
}

}  // namespace

TEST_CASE("a bus started while NATS is down connects once NATS comes up", "[cluster][bus][connection]") {
  test_support::NatsServer nats;  // not started yet
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  Mailbox<bool> states;
  bus.on_state_change([&](bool connected) { states.push(connected); });
  REQUIRE(bus.start());
  CHECK_FALSE(bus.connected());

  Mailbox<BusMessage> got;
  auto subscription = bus.subscribe("yunzi.boot.*", [&](BusMessage message) { got.push(std::move(message)); });
  REQUIRE(subscription);  // taken now, sent to the server once connected

  auto early = ask(bus, "yunzi.boot.request", "anyone?", 5s);
  REQUIRE(early);
  REQUIRE_FALSE(early->has_value());
  CHECK(early->error().kind == BusErrorKind::disconnected);
  // Held in libnats's reconnect buffer until the connection is made.
  REQUIRE(bus.publish("yunzi.boot.queued", "sent while down"));
  CHECK(states.size() == 0);

  INFO(nats.log_tail());
  REQUIRE(nats.start());
  CHECK(states.next(15s) == true);
  CHECK(bus.connected());

  auto queued = got.next();
  REQUIRE(queued);
  CHECK(queued->subject == "yunzi.boot.queued");
  CHECK(queued->data == "sent while down");
  REQUIRE(bus.publish("yunzi.boot.live", "sent while up"));
  auto live = got.next();
  REQUIRE(live);
  CHECK(live->data == "sent while up");
  CHECK(states.size() == 0);  // told once
}

TEST_CASE("NATS restarted on the same port: the bus reports the outage and its subscription hears again",
          "[cluster][bus][connection]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus receiver(executor.get(), options_for(nats, "receiver"));
  Bus sender(executor.get(), options_for(nats, "sender"));
  Mailbox<bool> states;
  receiver.on_state_change([&](bool connected) { states.push(connected); });
  REQUIRE(receiver.start());
  REQUIRE(sender.start());
  CHECK(states.next() == true);  // the first connection is reported too

  Mailbox<BusMessage> got;
  auto subscription =
      receiver.subscribe("yunzi.node.*.events", [&](BusMessage message) { got.push(std::move(message)); });
  REQUIRE(subscription);
  REQUIRE(flows(sender, "yunzi.node.a.events", got, "before-"));

  nats.stop();
  CHECK(states.next() == false);
  CHECK_FALSE(receiver.connected());
  auto during = ask(receiver, "yunzi.node.a.status", "?", 5s);
  REQUIRE(during);
  REQUIRE_FALSE(during->has_value());
  CHECK(during->error().kind == BusErrorKind::disconnected);

  INFO(nats.log_tail());
  REQUIRE(nats.start());
  CHECK(states.next(15s) == true);
  CHECK(receiver.connected());
  REQUIRE(wait_until([&] { return sender.connected(); }, 15s));
  // The same subscription, renewed by libnats on the new connection.
  CHECK(flows(sender, "yunzi.node.a.events", got, "after-"));
  CHECK(receiver.stats().reconnects == 1);
  CHECK(states.size() == 0);
}

TEST_CASE("a request waiting when the connection drops fails with disconnected", "[cluster][bus][connection]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());
  Mailbox<BusMessage> heard;
  auto silent = bus.subscribe("yunzi.silent", [&](BusMessage message) { heard.push(std::move(message)); });
  REQUIRE(silent);

  Mailbox<Answer> outcome;
  const auto started = std::chrono::steady_clock::now();
  bus.request("yunzi.silent", "hello", 30s, [&](Answer answer) { outcome.push(std::move(answer)); });
  REQUIRE(heard.next());
  nats.kill();
  auto answer = outcome.next();
  REQUIRE(answer);
  REQUIRE_FALSE(answer->has_value());
  CHECK(answer->error().kind == BusErrorKind::disconnected);
  CHECK(std::chrono::steady_clock::now() - started < 10s);  // not its thirty seconds
}

TEST_CASE("start refuses settings libnats cannot use", "[cluster][bus][connection]") {
  Executor executor;
  SECTION("no URL") {
    Bus bus(executor.get(), BusOptions{});
    auto started = bus.start();
    REQUIRE_FALSE(started);
    CHECK(started.error().find("URL") != std::string::npos);
  }
  SECTION("a malformed URL") {
    BusOptions options;
    options.urls = {"nats://127.0.0.1:notaport"};
    Bus bus(executor.get(), options);
    auto started = bus.start();
    INFO((started ? std::string("started") : started.error()));
    CHECK_FALSE(started);
  }
  SECTION("a cap below the first wait") {
    BusOptions options;
    options.urls = {"nats://127.0.0.1:4222"};
    options.reconnect_wait = std::chrono::milliseconds(500);
    options.reconnect_wait_max = std::chrono::milliseconds(100);
    Bus bus(executor.get(), options);
    CHECK_FALSE(bus.start());
  }
}

TEST_CASE("a bus not started refuses work with closed", "[cluster][bus][connection]") {
  test_support::NatsServer nats;
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  auto subscription = bus.subscribe("yunzi.x", [](BusMessage) {});
  REQUIRE_FALSE(subscription);
  CHECK(subscription.error().kind == BusErrorKind::closed);
  auto published = bus.publish("yunzi.x", "data");
  REQUIRE_FALSE(published);
  CHECK(published.error().kind == BusErrorKind::closed);
  auto answer = ask(bus, "yunzi.x", "data", 1s);
  REQUIRE(answer);
  REQUIRE_FALSE(answer->has_value());
  CHECK(answer->error().kind == BusErrorKind::closed);
}

TEST_CASE("subjects NATS refuses are refused with invalid", "[cluster][bus][connection]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());
  auto subscription = bus.subscribe("", [](BusMessage) {});
  REQUIRE_FALSE(subscription);
  CHECK(subscription.error().kind == BusErrorKind::invalid);
  auto published = bus.publish("", "data");
  REQUIRE_FALSE(published);
  CHECK(published.error().kind == BusErrorKind::invalid);
}
