// The nodes of a cluster hearing of each other over the bus: heartbeats, pings and the handover at a clean stop
// (server/cluster/README.md, "What the nodes tell each other"). A peer that falls silent or comes back as another
// process is reported gone; one gone for silence and heard again is reported back. Information only: who runs a
// game is decided by the leases in the database, never by presence.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/cluster/bus.hpp"

namespace yunzi::cluster {

struct NodeFigures {
  std::size_t games = 0;
  std::size_t connections = 0;
};

struct PeerView {
  std::string node;
  std::string boot;
  NodeFigures figures;
  std::chrono::steady_clock::time_point heard;
};

// A process of another node reported gone.
struct PeerGone {
  std::string node;
  std::string boot;
  // Set when it fell silent: when it was last heard. What came from it
  // later (a request of one of its connections, which took a path of its
  // own) shows it was alive after all. Unset when it came back as another
  // process: certainly gone.
  std::optional<std::chrono::steady_clock::time_point> last_heard;
};

struct PresenceOptions {
  std::string node;
  // Tells this process from an earlier one of the same name (a restart).
  std::string boot;
  // A heartbeat this often; a peer not heard for `silent_beats` of them is gone. Half a second and five: a node
  // that stalls for two seconds (a slow fsync, a swap storm) is not taken for dead, and a dead one is found within
  // 2.5 s, so that its games run elsewhere within 3 s. Silence is looked for five times a beat, so that finding it
  // does not wait for the next beat.
  std::chrono::milliseconds interval{500};
  int silent_beats = 5;
};

class NodePresence : public std::enable_shared_from_this<NodePresence> {
 public:
  using Figures = std::function<NodeFigures()>;
  using HandoverListener = std::function<void(const std::string& node)>;
  // A process of another node is gone: not heard within `silent_beats` intervals, or
  // its name came back with another boot (it was restarted).
  using GoneListener = std::function<void(const PeerGone& gone)>;
  // A process reported gone for silence is heard again: the same boot.
  using BackListener = std::function<void(const std::string& node, const std::string& boot)>;

  // `figures` is read on the presence's strand; `on_handover` is told there.
  NodePresence(boost::asio::io_context& io, Bus& bus, PresenceOptions options, Figures figures,
               HandoverListener on_handover);

  // Told on the presence's strand; set before start().
  void on_gone(GoneListener listener) { on_gone_ = std::move(listener); }
  void on_back(BackListener listener) { on_back_ = std::move(listener); }
  // Subscribes and starts the heartbeats; the bus must be started.
  Expected<Done, std::string> start();
  // The node has handed its games over: the others may claim them now.
  void announce_handover();
  // Ends heartbeats and subscriptions; call it before the bus stops.
  void stop();

  // The other nodes heard from within `silent_beats` intervals, by name; any thread.
  std::vector<PeerView> peers() const;
  // Something other than a heartbeat came from that process (a request of
  // one of its connections): it counts as heard now; any thread.
  // Views, so that the relay's requests, which call it each time, copy nothing.
  void heard_from(std::string_view node, std::string_view boot);

 private:
  void tick();
  void beat();
  void heard(const BusMessage& message);
  // Under the lock: `peer` is heard; true when it was reported gone for silence.
  bool came_back(const PeerView& peer);
  // This process was paused (its own tick came late): the pause does not
  // count against the peers, whose heartbeats wait unread behind it.
  void discount_own_pause(std::chrono::steady_clock::time_point now);
  void forget_silent_peers();
  std::chrono::steady_clock::duration silence() const { return options_.silent_beats * options_.interval; }

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  Bus& bus_;
  const PresenceOptions options_;
  const Figures figures_;
  const HandoverListener on_handover_;
  GoneListener on_gone_;
  BackListener on_back_;
  boost::asio::steady_timer timer_;
  std::vector<Subscription> subscriptions_;
  std::size_t next_ping_ = 0;
  std::optional<std::chrono::steady_clock::time_point> last_beat_;
  std::optional<std::chrono::steady_clock::time_point> last_tick_;
  mutable std::mutex mutex_;
  std::map<std::string, PeerView, std::less<>> peers_;
  // The boot of each node reported gone for silence and not heard since.
  std::map<std::string, std::string> silent_;
  std::atomic<bool> stopped_{false};
};

}  // namespace yunzi::cluster
