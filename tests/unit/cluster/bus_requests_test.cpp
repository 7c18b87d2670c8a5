// Requests through a real nats-server: the answer comes back to its own
// caller, nobody listening fails at once, a silent responder times out.
#include <atomic>
#include <catch2/catch.hpp>
#include <map>

#include "tests/unit/cluster/cluster_test_support.hpp"

using namespace yunzi;
using namespace yunzi::cluster;
using namespace yunzi::cluster::testing;

namespace {

using Clock = std::chrono::steady_clock;

std::string kind_of(const std::optional<Answer>& answer) {
  if (!answer) return "no callback";
  if (answer->has_value()) return "answer " + answer->value();
  return std::string(to_string(answer->error().kind)) + ": " + answer->error().message;
}

}  // namespace

TEST_CASE("a request between two nodes gets the responder's answer", "[cluster][bus][request]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus responder(executor.get(), options_for(nats, "responder"));
  Bus requester(executor.get(), options_for(nats, "requester"));
  REQUIRE(responder.start());
  REQUIRE(requester.start());

  std::atomic<int> off_executor{0};
  std::atomic<int> reply_failures{0};
  auto serving = responder.subscribe("yunzi.game.*.req", [&](BusMessage message) {
    if (!executor.runs_here()) ++off_executor;
    if (!responder.reply(message, "echo " + message.data + " from " + message.subject)) ++reply_failures;
  });
  REQUIRE(serving);
  REQUIRE(wait_for_responder(requester, "yunzi.game.0.req"));

  const auto before = requester.stats();
  auto answer = ask(requester, "yunzi.game.5.req", "hello", 5s);
  INFO(kind_of(answer));
  REQUIRE(answer);
  REQUIRE(answer->has_value());
  CHECK(answer->value() == "echo hello from yunzi.game.5.req");
  CHECK(off_executor == 0);
  CHECK(reply_failures == 0);

  const auto after = requester.stats();
  CHECK(after.requests_sent == before.requests_sent + 1);
  CHECK(after.requests_timed_out == 0);
  CHECK(after.last_request_rtt_us > 0);
  CHECK(after.max_request_rtt_us >= after.last_request_rtt_us);
  CHECK(after.last_request_rtt_us < 5'000'000);
}

TEST_CASE("many requests in flight each get their own answer", "[cluster][bus][request]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus responder(executor.get(), options_for(nats, "responder"));
  Bus requester(executor.get(), options_for(nats, "requester"));
  REQUIRE(responder.start());
  REQUIRE(requester.start());
  auto serving = responder.subscribe("yunzi.square", [&](BusMessage message) {
    const int n = std::stoi(message.data);
    (void)responder.reply(message, std::to_string(n * n));
  });
  REQUIRE(serving);
  REQUIRE(wait_for_responder(requester, "yunzi.square", "0"));

  constexpr int kRequests = 200;
  Mailbox<std::pair<int, std::string>> answers;
  for (int i = 0; i < kRequests; ++i) {
    requester.request("yunzi.square", std::to_string(i), 10s, [&answers, i](Answer answer) {
      answers.push({i, answer ? answer.value() : "error " + answer.error().message});
    });
  }
  std::map<int, std::string> by_request;
  for (int i = 0; i < kRequests; ++i) {
    auto answer = answers.next();
    REQUIRE(answer);
    CHECK(by_request.emplace(answer->first, answer->second).second);  // one callback per request
  }
  for (int i = 0; i < kRequests; ++i) CHECK(by_request[i] == std::to_string(i * i));
}

TEST_CASE("a request nobody serves fails at once with no_responders", "[cluster][bus][request]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  const auto started = Clock::now();
  auto answer = ask(bus, "yunzi.nobody.home", "anyone?", 5s);
  const auto took = Clock::now() - started;
  INFO(kind_of(answer));
  REQUIRE(answer);
  REQUIRE_FALSE(answer->has_value());
  CHECK(answer->error().kind == BusErrorKind::no_responders);
  CHECK(took < 1s);  // well before its five seconds
  CHECK(bus.stats().requests_no_responders == 1);
  CHECK(bus.stats().requests_timed_out == 0);
}

TEST_CASE("a request whose responder stays silent times out, and a late answer is dropped", "[cluster][bus][request]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());

  Mailbox<BusMessage> heard;
  auto silent = bus.subscribe("yunzi.silent", [&](BusMessage message) { heard.push(std::move(message)); });
  REQUIRE(silent);
  auto echo = bus.subscribe("yunzi.echo", [&](BusMessage message) { (void)bus.reply(message, message.data); });
  REQUIRE(echo);

  std::atomic<int> calls{0};
  Mailbox<Answer> outcome;
  const auto started = Clock::now();
  bus.request("yunzi.silent", "are you there?", 300ms, [&](Answer answer) {
    ++calls;
    outcome.push(std::move(answer));
  });
  auto answer = outcome.next();
  const auto took = Clock::now() - started;
  REQUIRE(answer);
  REQUIRE_FALSE(answer->has_value());
  CHECK(answer->error().kind == BusErrorKind::timeout);
  CHECK(took >= 300ms);
  CHECK(took < 3s);
  CHECK(bus.stats().requests_timed_out == 1);

  // The responder did get it: the timeout is not a lost request.
  auto request = heard.next();
  REQUIRE(request);
  CHECK(request->data == "are you there?");
  REQUIRE_FALSE(request->reply_to.empty());
  // Its answer comes too late; one more round trip on the same connection
  // comes after it, so by then the late answer has been dropped.
  REQUIRE(bus.reply(*request, "too late"));
  auto next = ask(bus, "yunzi.echo", "after", 5s);
  REQUIRE(next);
  REQUIRE(next->has_value());
  CHECK(next->value() == "after");
  REQUIRE(executor.drain());
  CHECK(calls == 1);
  CHECK(outcome.size() == 0);
}

TEST_CASE("a reply needs a message that asked for one", "[cluster][bus][request]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Bus bus(executor.get(), options_for(nats));
  REQUIRE(bus.start());
  auto refused = bus.reply(BusMessage{"yunzi.x", "data", ""}, "answer");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == BusErrorKind::invalid);
}
