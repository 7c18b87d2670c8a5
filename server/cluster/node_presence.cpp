#include "server/cluster/node_presence.hpp"

#include <algorithm>
#include <optional>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

namespace yunzi::cluster {

namespace {

const std::string heartbeats = "yunzi.node.*";
const std::string handovers = "yunzi.cluster.handover";
constexpr int checks_per_beat = 5;

std::string ping_subject(const std::string& node) { return "yunzi.node." + node + ".ping"; }

std::size_t count_in(const nlohmann::json& beat, const char* key) {
  const auto found = beat.find(key);
  return found != beat.end() && found->is_number_unsigned() ? found->get<std::size_t>() : 0;
}

}  // namespace

NodePresence::NodePresence(boost::asio::io_context& io, Bus& bus, PresenceOptions options, Figures figures,
                           HandoverListener on_handover)
    : strand_(boost::asio::make_strand(io)),
      bus_(bus),
      options_(std::move(options)),
      figures_(std::move(figures)),
      on_handover_(std::move(on_handover)),
      timer_(strand_) {}

Expected<Done, std::string> NodePresence::start() {
  auto self = shared_from_this();
  auto heard = bus_.subscribe(heartbeats, [self](BusMessage message) {
    boost::asio::post(self->strand_, [self, message = std::move(message)] { self->heard(message); });
  });
  auto pinged = bus_.subscribe(ping_subject(options_.node),
                               [self](BusMessage message) { (void)self->bus_.reply(message, self->options_.node); });
  auto handed = bus_.subscribe(handovers, [self](BusMessage message) {
    boost::asio::post(self->strand_, [self, message = std::move(message)] {
      if (self->stopped_ || message.data == self->options_.node) return;
      if (self->on_handover_) self->on_handover_(message.data);
    });
  });
  for (auto* subscribed : {&heard, &pinged, &handed}) {
    if (!*subscribed) return unexpected("cannot subscribe on the bus: " + subscribed->error().message);
  }
  boost::asio::post(
      strand_, [self, heard = std::move(*heard), pinged = std::move(*pinged), handed = std::move(*handed)]() mutable {
        if (self->stopped_) return;
        self->subscriptions_.push_back(std::move(heard));
        self->subscriptions_.push_back(std::move(pinged));
        self->subscriptions_.push_back(std::move(handed));
        self->tick();
      });
  return Done{};
}

void NodePresence::announce_handover() { (void)bus_.publish(handovers, options_.node); }

void NodePresence::stop() {
  // Whatever is already queued on the strand sees the flag and does
  // nothing; the timer and the subscriptions go on the strand (or with the
  // presence, when the io threads have stopped first).
  stopped_ = true;
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->timer_.cancel();
    self->subscriptions_.clear();
  });
}

std::vector<PeerView> NodePresence::peers() const {
  const auto recent = std::chrono::steady_clock::now() - silence();
  std::lock_guard lock(mutex_);
  std::vector<PeerView> out;
  for (const auto& [node, peer] : peers_) {
    if (peer.heard >= recent) out.push_back(peer);
  }
  return out;
}

void NodePresence::tick() {
  if (stopped_) return;
  const auto now = std::chrono::steady_clock::now();
  // By the time since the last beat, not by counting ticks: late ticks do not stretch the beats.
  if (!last_beat_ || now - *last_beat_ >= options_.interval) {
    last_beat_ = now;
    beat();
  }
  discount_own_pause(now);
  forget_silent_peers();
  timer_.expires_after(options_.interval / checks_per_beat);
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->tick();
  });
}

void NodePresence::beat() {
  const NodeFigures mine = figures_ ? figures_() : NodeFigures{};
  const nlohmann::json beat = {
      {"node", options_.node}, {"boot", options_.boot}, {"games", mine.games}, {"connections", mine.connections}};
  (void)bus_.publish("yunzi.node." + options_.node, beat.dump());
  // One peer a beat, in turn: the bus's round trip stays measured without
  // every node pinging every other each second.
  const std::vector<PeerView> others = peers();
  if (!others.empty()) {
    const std::string& peer = others[next_ping_++ % others.size()].node;
    bus_.request(ping_subject(peer), options_.node, options_.interval, [](Expected<std::string, BusError>) {});
  }
}

void NodePresence::heard(const BusMessage& message) {
  const nlohmann::json beat = nlohmann::json::parse(message.data, nullptr, false);
  if (!beat.is_object() || !beat.contains("node") || !beat["node"].is_string()) return;
  const std::string node = beat["node"].get<std::string>();
  if (node == options_.node) return;
  const auto boot = beat.find("boot");
  PeerView peer{node,
                boot != beat.end() && boot->is_string() ? boot->get<std::string>() : "",
                {},
                std::chrono::steady_clock::now()};
  peer.figures.games = count_in(beat, "games");
  peer.figures.connections = count_in(beat, "connections");
  const std::string peer_boot = peer.boot;
  std::optional<std::string> restarted;
  bool back = false;
  {
    std::lock_guard lock(mutex_);
    auto& known = peers_[node];
    if (!known.node.empty() && known.boot != peer.boot) restarted = known.boot;
    back = came_back(peer);
    known = std::move(peer);
  }
  if (stopped_) return;
  if (restarted && on_gone_) on_gone_(PeerGone{node, *restarted, std::nullopt});
  if (back && on_back_) on_back_(node, peer_boot);
}

void NodePresence::heard_from(std::string_view node, std::string_view boot) {
  if (node == options_.node) return;
  const auto now = std::chrono::steady_clock::now();
  bool back = false;
  {
    std::lock_guard lock(mutex_);
    const auto known = peers_.find(node);
    if (known != peers_.end()) {
      // Of another boot, the heartbeats tell which process is the current one.
      if (known->second.boot == boot) known->second.heard = now;
      return;
    }
    PeerView peer{std::string(node), std::string(boot), {}, now};
    back = came_back(peer);
    peers_.emplace(peer.node, std::move(peer));
  }
  if (!back) return;
  boost::asio::post(strand_, [self = shared_from_this(), node = std::string(node), boot = std::string(boot)] {
    if (!self->stopped_ && self->on_back_) self->on_back_(node, boot);
  });
}

bool NodePresence::came_back(const PeerView& peer) {
  const auto silent = silent_.find(peer.node);
  if (silent == silent_.end()) return false;
  const bool same_process = silent->second == peer.boot;
  silent_.erase(silent);
  return same_process;
}

void NodePresence::discount_own_pause(std::chrono::steady_clock::time_point now) {
  const auto last = last_tick_;
  last_tick_ = now;
  if (!last) return;
  const auto late = now - *last - options_.interval / checks_per_beat;
  if (late <= options_.interval) return;
  std::lock_guard lock(mutex_);
  for (auto& [node, peer] : peers_) peer.heard = std::min(peer.heard + late, now);
}

void NodePresence::forget_silent_peers() {
  const auto recent = std::chrono::steady_clock::now() - silence();
  std::vector<PeerView> silent;
  {
    std::lock_guard lock(mutex_);
    for (auto it = peers_.begin(); it != peers_.end();) {
      if (it->second.heard < recent) {
        silent_[it->first] = it->second.boot;
        silent.push_back(std::move(it->second));
        it = peers_.erase(it);
      } else {
        ++it;
      }
    }
  }
  if (stopped_ || !on_gone_) return;
  for (const PeerView& peer : silent) on_gone_(PeerGone{peer.node, peer.boot, peer.heard});
}

}  // namespace yunzi::cluster
