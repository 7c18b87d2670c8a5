#include "server/app/game_relay.hpp"

#include <atomic>
#include <charconv>
#include <string_view>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "server/game/room.hpp"

namespace yunzi::app {

namespace {

using nlohmann::json;

constexpr auto remote_timeout = std::chrono::seconds(2);
const std::string taken_over_subject = "yunzi.cluster.taken_over";

// A whole number the bus carries as text (a game id, the last token of a subject).
template <class Number>
std::optional<Number> number_in(std::string_view text) {
  Number value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::int64_t> integer_field(const json& message, const char* key) {
  const auto found = message.find(key);
  if (found == message.end() || !found->is_number_integer()) return std::nullopt;
  return found->get<std::int64_t>();
}

std::string request_subject(GameId game) { return "yunzi.game." + std::to_string(game) + ".req"; }

std::string events_subject(const std::string& node, std::uint64_t connection) {
  return "yunzi.conn." + node + "." + std::to_string(connection);
}

// Another node's watcher, as the room sees it: what the room sends it goes
// over the bus to the watcher's node.
class RemoteConnection final : public net::Connection {
 public:
  RemoteConnection(cluster::Bus& bus, std::string subject, std::string address)
      : bus_(bus), id_(next_id_++), subject_(std::move(subject)), address_(std::move(address)) {}
  std::uint64_t id() const override { return id_; }
  const std::string& remote_address() const override { return address_; }
  void send(std::shared_ptr<const std::string> frame) override { (void)bus_.publish(subject_, *frame); }
  // The watcher's node keeps its own connection; a stand-in has nothing to close.
  void close(std::uint16_t, std::string) override {}
  std::optional<std::chrono::microseconds> median_rtt() const override { return std::nullopt; }

 private:
  // Far above the ids of this process's own connections, which count from 1.
  static inline std::atomic<std::uint64_t> next_id_{std::uint64_t{1} << 62};
  cluster::Bus& bus_;
  const std::uint64_t id_;
  const std::string subject_;
  const std::string address_;
};

// The owner's answer goes back as the reply to the bus request.
class BusReplyChannel final : public protocol::Responder::Channel {
 public:
  BusReplyChannel(cluster::Bus& bus, cluster::BusMessage request) : bus_(bus), request_(std::move(request)) {}
  void answered(protocol::Frame frame, std::optional<protocol::ErrorCode>) override {
    (void)bus_.reply(request_, *frame);
  }
  void dropped(const protocol::RequestId&) override {}
  void answered_again(const protocol::RequestId&) override {}

 private:
  cluster::Bus& bus_;
  const cluster::BusMessage request_;
};

}  // namespace

GameRelay::GameRelay(cluster::Bus& bus, std::string node, const GameRegistry& games)
    : bus_(bus), node_(std::move(node)), games_(games) {}

Expected<Done, std::string> GameRelay::start() {
  auto subscribed = bus_.subscribe("yunzi.conn." + node_ + ".*", [weak = weak_from_this()](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->deliver(m);
  });
  if (!subscribed) return unexpected("cannot subscribe on the bus: " + subscribed.error().message);
  auto moved = bus_.subscribe(taken_over_subject, [weak = weak_from_this()](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->game_moved(m);
  });
  if (!moved) return unexpected("cannot subscribe on the bus: " + moved.error().message);
  std::lock_guard lock(mutex_);
  events_.emplace(std::move(*subscribed));
  moves_of_games_.emplace(std::move(*moved));
  return Done{};
}

void GameRelay::announce_taken_over(GameId game) { (void)bus_.publish(taken_over_subject, std::to_string(game)); }

void GameRelay::game_moved(const cluster::BusMessage& message) {
  const auto moved = number_in<GameId>(message.data);
  if (!moved) return;
  const GameId game = *moved;
  std::vector<std::shared_ptr<net::Connection>> watching;
  {
    std::lock_guard lock(mutex_);
    for (auto it = watchers_.begin(); it != watchers_.end();) {
      if (it->second.second.count(game) > 0) {
        if (auto connection = it->second.first.lock()) watching.push_back(std::move(connection));
        it = watchers_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const auto& connection : watching) {
    connection->close(net::close_code::service_restart, "game " + std::to_string(game) + " moved; connect again");
  }
}

// Subscriptions are cancelled outside the lock: a cancel waits for a
// handler still running, and the handlers take the lock.
void GameRelay::stop() {
  std::optional<cluster::Subscription> events;
  std::optional<cluster::Subscription> moves;
  std::map<GameId, cluster::Subscription> served;
  {
    std::lock_guard lock(mutex_);
    events.swap(events_);
    moves.swap(moves_of_games_);
    served.swap(served_);
    stand_ins_.clear();
  }
}

void GameRelay::serve(GameId game) {
  auto subscribed = bus_.subscribe(request_subject(game), [weak = weak_from_this(), game](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->serve_request(game, m);
  });
  if (!subscribed) {
    spdlog::warn("game={} not served to other nodes: {}", game, subscribed.error().message);
    return;
  }
  std::optional<cluster::Subscription> replaced;
  std::lock_guard lock(mutex_);
  auto [slot, added] = served_.try_emplace(game, std::move(*subscribed));
  if (!added) {
    replaced.emplace(std::move(slot->second));
    slot->second = std::move(*subscribed);
  }
}

void GameRelay::unserve(GameId game) {
  std::optional<cluster::Subscription> dropped;
  std::lock_guard lock(mutex_);
  auto found = served_.find(game);
  if (found == served_.end()) return;
  dropped.emplace(std::move(found->second));
  served_.erase(found);
}

void GameRelay::serve_request(GameId game, const cluster::BusMessage& message) {
  const json request = json::parse(message.data, nullptr, false);
  if (!request.is_object() || !request.contains("origin") || !request["origin"].is_string() ||
      !request.contains("conn") || !request["conn"].is_number_unsigned()) {
    return;
  }
  const std::string origin = request["origin"];
  const std::uint64_t connection = request["conn"];
  auto room = games_.find(game);
  const std::string type = request.value("type", "");
  if (type == "unwatch") {
    std::shared_ptr<net::Connection> stand_in;
    {
      std::lock_guard lock(mutex_);
      auto found = stand_ins_.find({origin, connection});
      if (found == stand_ins_.end()) return;
      stand_in = found->second;
      stand_ins_.erase(found);
    }
    if (room) room->unwatch(stand_in->id(), protocol::Responder::unheard());
    return;
  }
  if (type != "watch" || !room || message.reply_to.empty()) return;
  std::shared_ptr<net::Connection> stand_in;
  {
    std::lock_guard lock(mutex_);
    auto& slot = stand_ins_[{origin, connection}];
    if (!slot) slot = std::make_shared<RemoteConnection>(bus_, events_subject(origin, connection), "node " + origin);
    stand_in = slot;
  }
  room->watch(stand_in, integer_field(request, "user"), request.value("name", ""), integer_field(request, "since"),
              protocol::Responder(integer_field(request, "id"), std::make_shared<BusReplyChannel>(bus_, message)));
}

void GameRelay::watch_remote(const Call& call, const protocol::req::GameWatch& request,
                             std::function<void()> not_running) {
  const std::uint64_t connection = call.session->id();
  json asked = {{"type", "watch"}, {"origin", node_}, {"conn", connection}, {"id", nullptr}};
  if (call.id) asked["id"] = *call.id;
  if (call.user) {
    asked["user"] = call.user->id;
    asked["name"] = call.user->name;
  }
  if (request.since) asked["since"] = *request.since;
  {
    std::lock_guard lock(mutex_);
    auto& watcher = watchers_[connection];
    watcher.first = call.session->connection();
    watcher.second.insert(request.game);
  }
  bus_.request(request_subject(request.game), asked.dump(), remote_timeout,
               [self = shared_from_this(), call, game = request.game, connection,
                not_running = std::move(not_running)](Expected<std::string, cluster::BusError> answer) {
                 if (answer) {
                   call.reply(std::make_shared<const std::string>(std::move(*answer)));
                   return;
                 }
                 self->unwatch_remote(connection, game);
                 if (answer.error().kind == cluster::BusErrorKind::no_responders) return not_running();
                 call.error(protocol::ErrorCode::internal,
                            "the node running this game did not answer: " + answer.error().message);
               });
}

void GameRelay::unwatch_remote(std::uint64_t connection, GameId game) {
  {
    std::lock_guard lock(mutex_);
    auto found = watchers_.find(connection);
    if (found == watchers_.end() || found->second.second.erase(game) == 0) return;
    if (found->second.second.empty()) watchers_.erase(found);
  }
  publish_unwatch(connection, game);
}

void GameRelay::connection_closed(std::uint64_t connection) {
  std::set<GameId> watched;
  {
    std::lock_guard lock(mutex_);
    auto found = watchers_.find(connection);
    if (found == watchers_.end()) return;
    watched = std::move(found->second.second);
    watchers_.erase(found);
  }
  for (GameId game : watched) publish_unwatch(connection, game);
}

void GameRelay::publish_unwatch(std::uint64_t connection, GameId game) {
  const json told = {{"type", "unwatch"}, {"origin", node_}, {"conn", connection}};
  (void)bus_.publish(request_subject(game), told.dump());
}

void GameRelay::deliver(const cluster::BusMessage& message) {
  const auto dot = message.subject.rfind('.');
  if (dot == std::string::npos) return;
  const auto connection = number_in<std::uint64_t>(std::string_view(message.subject).substr(dot + 1));
  if (!connection) return;
  std::shared_ptr<net::Connection> to;
  {
    std::lock_guard lock(mutex_);
    auto found = watchers_.find(*connection);
    if (found == watchers_.end()) return;
    to = found->second.first.lock();
  }
  if (to) to->send(std::make_shared<const std::string>(message.data));
}

}  // namespace yunzi::app
