// Nodes hearing of each other through a real nats-server: the table of
// peers, a peer reported gone when it falls silent or comes back as another
// process (a restart under the same name), and reported back when the same
// process is heard again after it fell silent.
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <memory>
#include <thread>
#include <utility>

#include "server/cluster/node_presence.hpp"
#include "tests/unit/cluster/cluster_test_support.hpp"

using namespace yunzi;
using namespace yunzi::cluster;
using namespace yunzi::cluster::testing;

namespace {

constexpr std::chrono::milliseconds beat{100};

// One node's bus and presence.
struct Node {
  Node(Executor& executor, const test_support::NatsServer& nats, const std::string& name, const std::string& boot,
       std::chrono::milliseconds interval = beat)
      : bus(executor.get(), options_for(nats, name)) {
    REQUIRE(bus.start());
    presence = std::make_shared<NodePresence>(
        executor.context(), bus, PresenceOptions{name, boot, interval},
        [] {
          return NodeFigures{3, 5};
        },
        nullptr);
  }
  void start() { REQUIRE(presence->start()); }
  ~Node() {
    presence->stop();
    bus.stop();
  }
  Bus bus;
  std::shared_ptr<NodePresence> presence;
};

bool sees(const NodePresence& presence, const std::string& node, const std::string& boot) {
  for (const PeerView& peer : presence.peers()) {
    if (peer.node == node && peer.boot == boot) return true;
  }
  return false;
}

// A nats-server and node n1 (boot a1), started, with what it reports gone and back.
struct Watching {
  Watching() {
    REQUIRE(nats.start());
    node = std::make_unique<Node>(executor, nats, "n1", "a1");
    node->presence->on_gone([this](const PeerGone& peer) { gone.push(peer); });
    node->presence->on_back([this](const std::string& name, const std::string& boot) { back.push({name, boot}); });
    node->start();
  }
  // A peer heard from, whose heartbeats then stop.
  void heard_then_silent(const std::string& name, const std::string& boot) {
    Node peer(executor, nats, name, boot);
    peer.start();
    REQUIRE(wait_until([&] { return sees(*node->presence, name, boot); }));
  }
  // First, so that they outlive every thread that may still report into them.
  Mailbox<PeerGone> gone;
  Mailbox<std::pair<std::string, std::string>> back;
  test_support::NatsServer nats;
  Executor executor;
  std::unique_ptr<Node> node;
};

std::pair<std::string, std::string> named(const PeerGone& peer) { return {peer.node, peer.boot}; }

}  // namespace

TEST_CASE("a peer is reported gone once when it falls silent, and when it comes back as another process",
          "[cluster][presence]") {
  Mailbox<PeerGone> gone;  // outlives the threads that report into it
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Node watcher(executor, nats, "n1", "a1");
  watcher.presence->on_gone([&](const PeerGone& peer) { gone.push(peer); });
  watcher.start();

  auto first = std::make_unique<Node>(executor, nats, "n2", "b1");
  first->start();
  REQUIRE(wait_until([&] { return sees(*watcher.presence, "n2", "b1"); }));
  const auto figures = watcher.presence->peers().front().figures;
  CHECK(figures.games == 3);
  CHECK(figures.connections == 5);
  CHECK(gone.size() == 0);

  // Restarted at once, well within five heartbeats: the earlier process is gone all the same.
  first.reset();
  Node second(executor, nats, "n2", "b2");
  second.start();
  const auto restarted = gone.next();
  REQUIRE(restarted);
  CHECK(named(*restarted) == std::pair<std::string, std::string>{"n2", "b1"});
  CHECK_FALSE(restarted->last_heard.has_value());
  REQUIRE(wait_until([&] { return sees(*watcher.presence, "n2", "b2"); }));

  // Silent: reported after five heartbeats, and only once.
  const auto before_silence = std::chrono::steady_clock::now();
  second.presence->stop();
  const auto silent = gone.next();
  REQUIRE(silent);
  CHECK(named(*silent) == std::pair<std::string, std::string>{"n2", "b2"});
  REQUIRE(silent->last_heard.has_value());
  CHECK(*silent->last_heard <= before_silence + 2 * beat);
  CHECK(watcher.presence->peers().empty());
  std::this_thread::sleep_for(5 * beat);
  CHECK(gone.size() == 0);
}

TEST_CASE("a peer taken for gone for silence and heard again, the same process, is reported back once",
          "[cluster][presence]") {
  Watching w;
  w.heard_then_silent("n2", "b1");
  REQUIRE(w.gone.next());
  CHECK(w.back.size() == 0);

  // The same process's heartbeats again (as after a pause): back, once.
  Node resumed(w.executor, w.nats, "n2", "b1");
  resumed.start();
  const auto returned = w.back.next();
  REQUIRE(returned);
  CHECK(*returned == std::pair<std::string, std::string>{"n2", "b1"});
  REQUIRE(wait_until([&] { return sees(*w.node->presence, "n2", "b1"); }));
  std::this_thread::sleep_for(5 * beat);
  CHECK(w.back.size() == 0);
  CHECK(w.gone.size() == 0);
}

TEST_CASE("a peer heard from other than by its heartbeats is not reported gone; heard so after it was, it is back",
          "[cluster][presence]") {
  Watching w;
  w.heard_then_silent("n2", "b1");

  // Its heartbeats stopped, but its requests keep coming, for longer than five heartbeats.
  const auto until = std::chrono::steady_clock::now() + 8 * beat;
  while (std::chrono::steady_clock::now() < until) {
    w.node->presence->heard_from("n2", "b1");
    std::this_thread::sleep_for(beat / 4);
  }
  CHECK(w.gone.size() == 0);
  CHECK(sees(*w.node->presence, "n2", "b1"));

  // Heard from another process of the node's name: the heartbeats decide which is current, so it refreshes nothing.
  w.node->presence->heard_from("n2", "b0");
  CHECK_FALSE(sees(*w.node->presence, "n2", "b0"));
  const auto silent = w.gone.next();
  REQUIRE(silent);
  CHECK(silent->boot == "b1");
  REQUIRE(silent->last_heard.has_value());
  CHECK(*silent->last_heard >= until - beat);
  CHECK(w.back.size() == 0);

  w.node->presence->heard_from("n2", "b1");
  const auto returned = w.back.next();
  REQUIRE(returned);
  CHECK(*returned == std::pair<std::string, std::string>{"n2", "b1"});
  // Back once: heard again, it is a peer like any other.
  w.node->presence->heard_from("n2", "b1");
  std::this_thread::sleep_for(2 * beat);
  CHECK(w.back.size() == 0);
  CHECK(sees(*w.node->presence, "n2", "b1"));
}

TEST_CASE("requests from another process of a silent node's name do not keep the silent one alive",
          "[cluster][presence]") {
  Watching w;
  w.heard_then_silent("n2", "b1");
  // The other process's requests keep coming (every 5 ms) until the verdict on the silent one: the heartbeats
  // decide which process is current, so they refresh nothing, and the verdict comes within its usual five beats.
  REQUIRE(wait_until(
      [&] {
        w.node->presence->heard_from("n2", "b0");
        return w.gone.size() > 0;
      },
      20 * beat));
  const auto silent = w.gone.next();
  REQUIRE(silent);
  CHECK(silent->boot == "b1");
  CHECK(silent->last_heard.has_value());
}

TEST_CASE("a node that was paused itself does not count the pause against its peers' silence", "[cluster][presence]") {
  constexpr auto slow_beat = std::chrono::milliseconds(250);
  Mailbox<PeerGone> gone;
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor watcher_threads;
  Executor peer_threads;
  Node watcher(watcher_threads, nats, "n1", "a1", slow_beat);
  watcher.presence->on_gone([&](const PeerGone& peer) { gone.push(peer); });
  watcher.start();
  auto before = std::make_unique<Node>(peer_threads, nats, "n2", "b1", slow_beat);
  before->start();
  REQUIRE(wait_until([&] { return sees(*watcher.presence, "n2", "b1"); }));

  // Both of the watcher's threads held for six heartbeats, as a paused
  // process; the peer's heartbeats stop at the same time and start again
  // when the pause ends, so that none waits behind it.
  before.reset();
  // Its bus connected now, so that its first heartbeat goes out as soon as the pause ends.
  Node after(peer_threads, nats, "n2", "b1", slow_beat);
  for (int thread = 0; thread < 2; ++thread) {
    boost::asio::post(watcher_threads.context(), [&] { std::this_thread::sleep_for(6 * slow_beat); });
  }
  std::this_thread::sleep_for(6 * slow_beat);
  after.start();
  std::this_thread::sleep_for(5 * slow_beat);
  CHECK(gone.size() == 0);
  CHECK(sees(*watcher.presence, "n2", "b1"));
}
