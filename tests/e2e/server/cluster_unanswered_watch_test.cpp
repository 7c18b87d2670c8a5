// A watch the game's node leaves unanswered: the client is told to come back
// (`unavailable`), and the node is told the connection left, so that no
// stand-in stays there for it if the watch reached it after all; not when
// an earlier watch of the game began the following. The node that runs the game is a
// bus of this test's own that hears and says nothing, as a stalled node
// would. Tagged hidden, run by the cluster suites.
#include <catch2/catch.hpp>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <mutex>
#include <thread>

#include "server/cluster/bus.hpp"
#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// What a stalled node hears on a game's subject, in order.
class StalledNode {
 public:
  StalledNode(const test_support::NatsServer& nats, std::int64_t game)
      : bus_(io_.get_executor(), options(nats)), thread_([this] { io_.run(); }) {
    REQUIRE(bus_.start());
    auto subscribed = bus_.subscribe("yunzi.game." + std::to_string(game) + ".req", [this](cluster::BusMessage m) {
      Json message = Json::parse(m.data, nullptr, false);
      if (answering_ && message.is_object() && message.value("type", "") == "watch") {
        (void)bus_.reply(m, Json{{"type", "ok"}, {"re", message["id"]}}.dump());
      }
      std::lock_guard lock(mutex_);
      heard_.push_back(std::move(message));
    });
    REQUIRE(subscribed);
    subscription_ = std::move(*subscribed);
  }
  ~StalledNode() {
    subscription_.cancel();
    bus_.stop();
    work_.reset();
    thread_.join();
  }

  std::vector<Json> heard() {
    std::lock_guard lock(mutex_);
    return heard_;
  }
  // While set, a watch is answered `ok`, as a node that is not stalled would.
  void answer_watches(bool answering) { answering_ = answering; }

 private:
  static cluster::BusOptions options(const test_support::NatsServer& nats) {
    cluster::BusOptions options;
    options.urls = {nats.url()};
    options.name = "stalled";
    return options;
  }

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{io_.get_executor()};
  cluster::Bus bus_;
  std::thread thread_;
  cluster::Subscription subscription_;
  std::mutex mutex_;
  std::vector<Json> heard_;
  std::atomic<bool> answering_{false};
};

// The index of the first message of that type from that connection, or -1.
int index_of(const std::vector<Json>& heard, const std::string& type, std::int64_t connection) {
  for (std::size_t i = 0; i < heard.size(); ++i) {
    if (heard[i].is_object() && heard[i].value("type", "") == type && heard[i].value("conn", -1LL) == connection) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace

TEST_CASE(
    "cluster over NATS: a watch the game's node leaves unanswered is answered unavailable, and that node is "
    "told the connection left",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(1, 3, {"--nats", nats.url()});
  constexpr std::int64_t game = 987'654;
  StalledNode stalled(nats, game);

  Player carol(cluster.node(1).port(), "carol");
  carol.register_account();
  // The stalled node's subscription reaches NATS on its own connection: asked until it hears a watch.
  Json refused;
  REQUIRE(eventually([&] {
    refused = carol.fails({{"type", "game.watch"}, {"game", game}});
    return !stalled.heard().empty();
  }));
  CHECK(refused["code"] == "unavailable");
  CHECK(refused.contains("retry_after_ms"));

  const std::vector<Json> heard = stalled.heard();
  REQUIRE(heard.front().value("type", "") == "watch");
  const std::int64_t connection = heard.front().value("conn", -1LL);
  REQUIRE(eventually([&] { return index_of(stalled.heard(), "leave", connection) >= 0; }));
  // The leave comes after the watch it undoes, on the same subject.
  CHECK(index_of(stalled.heard(), "leave", connection) > index_of(stalled.heard(), "watch", connection));

  // A watch answered, then the same watch again unanswered: the second did
  // not begin the following, so it does not undo what the first set up (the
  // connection's close will tell the node).
  Player dave(cluster.node(1).port(), "dave");
  dave.register_account();
  stalled.answer_watches(true);
  CHECK(dave.call({{"type", "game.watch"}, {"game", game}})["type"] == "ok");
  stalled.answer_watches(false);
  CHECK(dave.fails({{"type", "game.watch"}, {"game", game}})["code"] == "unavailable");
  std::int64_t dave_connection = -1;
  for (const Json& message : stalled.heard()) {
    if (message.value("type", "") == "watch" && message.value("conn", -1LL) != connection) {
      dave_connection = message.value("conn", -1LL);
    }
  }
  REQUIRE(dave_connection >= 0);
  // A leave would have gone out before the reply; give it time to arrive all the same.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(index_of(stalled.heard(), "leave", dave_connection) < 0);

  // Its close does tell the node.
  dave.drop();
  CHECK(eventually([&] { return index_of(stalled.heard(), "leave", dave_connection) >= 0; }));
}
