// Nodes hearing of each other through a real nats-server: the table of
// peers, and a peer reported gone when it falls silent or comes back as
// another process (a restart under the same name).
#include <catch2/catch.hpp>
#include <memory>
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
  Node(Executor& executor, const test_support::NatsServer& nats, const std::string& name, const std::string& boot)
      : bus(executor.get(), options_for(nats, name)) {
    REQUIRE(bus.start());
    presence = std::make_shared<NodePresence>(
        executor.context(), bus, PresenceOptions{name, boot, beat},
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

}  // namespace

TEST_CASE("a peer is reported gone once when it falls silent, and when it comes back as another process",
          "[cluster][presence]") {
  test_support::NatsServer nats;
  REQUIRE(nats.start());
  Executor executor;
  Node watcher(executor, nats, "n1", "a1");
  Mailbox<std::pair<std::string, std::string>> gone;
  watcher.presence->on_gone([&](const std::string& node, const std::string& boot) { gone.push({node, boot}); });
  watcher.start();

  auto first = std::make_unique<Node>(executor, nats, "n2", "b1");
  first->start();
  REQUIRE(wait_until([&] { return sees(*watcher.presence, "n2", "b1"); }));
  const auto figures = watcher.presence->peers().front().figures;
  CHECK(figures.games == 3);
  CHECK(figures.connections == 5);
  CHECK(gone.size() == 0);

  // Restarted at once, well within three heartbeats: the earlier process is gone all the same.
  first.reset();
  Node second(executor, nats, "n2", "b2");
  second.start();
  const auto restarted = gone.next();
  REQUIRE(restarted);
  CHECK(*restarted == std::pair<std::string, std::string>{"n2", "b1"});
  REQUIRE(wait_until([&] { return sees(*watcher.presence, "n2", "b2"); }));

  // Silent: reported after three heartbeats, and only once.
  second.presence->stop();
  const auto silent = gone.next();
  REQUIRE(silent);
  CHECK(*silent == std::pair<std::string, std::string>{"n2", "b2"});
  CHECK(watcher.presence->peers().empty());
  std::this_thread::sleep_for(5 * beat);
  CHECK(gone.size() == 0);
}
