// The relay's start and stop, and this node's connections in games other
// nodes run (game_relay_owner.cpp serves the games this node runs).
#include "server/node/game_relay.hpp"

#include <string_view>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/node/game_relay_wire.hpp"

namespace yunzi::node {

using namespace relay_wire;

GameRelay::GameRelay(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string node, std::string boot,
                     const game::GameRegistry& games)
    : bus_(bus),
      address_(node + "." + boot),
      games_(games),
      executor_(std::move(executor)),
      outbox_counts_(std::make_shared<OutboxCounts>()) {}

std::pair<std::uint64_t, std::uint64_t> GameRelay::relayed() const {
  return {outbox_counts_->messages.load(std::memory_order_relaxed),
          outbox_counts_->deliveries.load(std::memory_order_relaxed)};
}

GameRelay::~GameRelay() = default;

Expected<Done, std::string> GameRelay::start() {
  auto subscribed = bus_.subscribe("yunzi.conn." + address_ + ".*", [weak = weak_from_this()](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->deliver(m);
  });
  if (!subscribed) return unexpected("cannot subscribe on the bus: " + subscribed.error().message);
  auto batches = bus_.subscribe(batches_subject(address_), [weak = weak_from_this()](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->deliver_batch(m);
  });
  if (!batches) return unexpected("cannot subscribe on the bus: " + batches.error().message);
  auto moved = bus_.subscribe(taken_over_subject, [weak = weak_from_this()](cluster::BusMessage m) {
    if (auto self = weak.lock()) self->game_moved(m);
  });
  if (!moved) return unexpected("cannot subscribe on the bus: " + moved.error().message);
  std::lock_guard lock(mutex_);
  events_.emplace(std::move(*subscribed));
  batches_.emplace(std::move(*batches));
  moves_of_games_.emplace(std::move(*moved));
  return Done{};
}

// Subscriptions are cancelled outside the lock: a cancel waits for a
// handler still running, and the handlers take the lock.
void GameRelay::stop() {
  std::optional<cluster::Subscription> events;
  std::optional<cluster::Subscription> batches;
  std::optional<cluster::Subscription> moves;
  std::map<GameId, cluster::Subscription> served;
  std::map<StandInKey, StandIn> stand_ins;
  {
    std::lock_guard lock(mutex_);
    events.swap(events_);
    batches.swap(batches_);
    moves.swap(moves_of_games_);
    served.swap(served_);
    stand_ins.swap(stand_ins_);
  }
}

std::uint64_t GameRelay::follow(const session::SessionPtr& session, GameId game, std::optional<UserId> user,
                                const std::string& name, Following how) {
  std::lock_guard lock(mutex_);
  // On every remote request of the connection: what changes only at a sign-in is written only then.
  auto [slot, added] = followers_.try_emplace(session->id());
  Follower& follower = slot->second;
  if (added) {
    follower.connection = session->connection();
    follower.session = session;
  }
  if (follower.user != user) {
    follower.user = user;
    follower.name = user ? name : std::string();
  }
  const bool began = follower.games.insert(game).second;
  if (how == Following::taking_part) {
    follower.taking_part.insert(game);
    return 0;
  }
  const std::uint64_t watch = ++watches_asked_;
  follower.last_watch[game] = {watch, began};
  return watch;
}

void GameRelay::watch_remote(const app::Call& call, const protocol::req::GameWatch& request,
                             app::NotRunning not_running) {
  const std::uint64_t connection = call.session->id();
  json asked = {{"type", "watch"}, {"origin", address_}, {"conn", connection}, {"id", nullptr}, {"batches", true}};
  if (call.id) asked["id"] = *call.id;
  if (call.user) {
    asked["user"] = call.user->id;
    asked["name"] = call.user->name;
  }
  if (request.since) asked["since"] = *request.since;
  std::lock_guard in_order(told_in_order_);
  const std::uint64_t watch =
      follow(call.session, request.game, call.user ? std::optional(call.user->id) : std::nullopt,
             call.user ? call.user->name : std::string(), Following::to_watch);
  bus_.request(request_subject(request.game), asked.dump(), remote_timeout,
               [self = shared_from_this(), call, game = request.game, connection, watch,
                not_running = std::move(not_running)](Expected<std::string, cluster::BusError> answer) {
                 // The running node may have ended the game just now: then it is read from the database.
                 const bool gone = answer ? json::parse(*answer, nullptr, false).value("code", "") == "not_found"
                                          : answer.error().kind == cluster::BusErrorKind::no_responders;
                 if (answer && !gone) {
                   call.reply(std::make_shared<const std::string>(std::move(*answer)));
                   return;
                 }
                 if (gone) {
                   self->unfollow(connection, game);
                   return not_running(true);
                 }
                 // A watch changes nothing, so it may be asked again: the node may be stalled or losing the game, or
                 // this node off the bus for a moment.
                 const auto kind = answer.error().kind;
                 const std::string unanswered = "the node running this game did not answer: " + answer.error().message;
                 if (kind == cluster::BusErrorKind::timeout || kind == cluster::BusErrorKind::disconnected) {
                   self->forget_unanswered_watch(connection, game, watch);
                   return call.respond.unavailable(unanswered);
                 }
                 call.error(protocol::ErrorCode::internal, unanswered);
               });
}

void GameRelay::join_remote(const session::SessionPtr& session, UserId user, const std::string& name,
                            const std::vector<GameId>& games, std::optional<std::int64_t> replay_since) {
  std::lock_guard in_order(told_in_order_);
  for (GameId game : games) {
    follow(session, game, user, name, Following::taking_part);
    json told = {{"type", "join"}, {"origin", address_}, {"conn", session->id()},
                 {"user", user},   {"name", name},       {"batches", true}};
    if (replay_since) told["since"] = *replay_since;
    (void)bus_.publish(request_subject(game), told.dump());
  }
}

void GameRelay::call_remote(const app::Call& call, GameId game, std::string text, bool muted,
                            app::NotRunning not_running) {
  json asked = {{"type", "call"},          {"origin", address_}, {"conn", call.session->id()}, {"user", call.user->id},
                {"name", call.user->name}, {"muted", muted},     {"text", std::move(text)},    {"batches", true}};
  if (auto rtt = call.session->connection()->median_rtt()) asked["rtt_us"] = rtt->count();
  std::lock_guard in_order(told_in_order_);
  follow(call.session, game, call.user->id, call.user->name, Following::taking_part);
  bus_.request(request_subject(game), asked.dump(), remote_timeout,
               [call, not_running = std::move(not_running)](Expected<std::string, cluster::BusError> answer) {
                 if (answer) return call.reply(std::make_shared<const std::string>(std::move(*answer)));
                 if (answer.error().kind == cluster::BusErrorKind::no_responders) return not_running(true);
                 call.error(protocol::ErrorCode::internal,
                            "the node running this game did not answer: " + answer.error().message);
               });
}

void GameRelay::unfollow(std::uint64_t connection, GameId game) {
  std::lock_guard lock(mutex_);
  auto found = followers_.find(connection);
  if (found == followers_.end()) return;
  found->second.games.erase(game);
  found->second.taking_part.erase(game);
  found->second.last_watch.erase(game);
  if (found->second.games.empty()) followers_.erase(found);
}

void GameRelay::forget_unanswered_watch(std::uint64_t connection, GameId game, std::uint64_t watch) {
  // Held throughout: no following changes but by removal until the leave is out, so unfollow() ends this one.
  std::lock_guard in_order(told_in_order_);
  {
    std::lock_guard lock(mutex_);
    const auto found = followers_.find(connection);
    if (found == followers_.end()) return;
    const Follower& follower = found->second;
    const auto last = follower.last_watch.find(game);
    // A watch that came later, or an earlier one that was answered, keeps the following; so does taking part.
    if (last == follower.last_watch.end() || last->second != std::pair(watch, true)) return;
    if (follower.taking_part.contains(game) || !follower.games.contains(game)) return;
  }
  // Published on the subject the watch went to, so the node that runs the game hears it after the watch. Not
  // sent, the following stays, and the connection's close tells the node instead.
  if (publish_leave(connection, game)) unfollow(connection, game);
}

void GameRelay::unwatch_remote(const app::Call& call, GameId game) {
  const std::uint64_t connection = call.session->id();
  {
    std::lock_guard lock(mutex_);
    auto found = followers_.find(connection);
    if (found == followers_.end() || found->second.games.count(game) == 0) return call.ok();
  }
  json asked = {{"type", "unwatch"}, {"origin", address_}, {"conn", connection}, {"id", nullptr}};
  if (call.id) asked["id"] = *call.id;
  bus_.request(request_subject(game), asked.dump(), unwatch_timeout,
               [call](Expected<std::string, cluster::BusError> answer) {
                 // No answer: the game ended, or its node is gone, and sends nothing more either way.
                 if (!answer) return call.ok();
                 call.reply(std::make_shared<const std::string>(std::move(*answer)));
               });
}

void GameRelay::connection_left(std::uint64_t connection) {
  std::set<GameId> followed;
  {
    std::lock_guard lock(mutex_);
    auto found = followers_.find(connection);
    if (found == followers_.end()) return;
    followed = std::move(found->second.games);
    followers_.erase(found);
  }
  for (GameId game : followed) publish_leave(connection, game);
}

bool GameRelay::publish_leave(std::uint64_t connection, GameId game) {
  const json told = {{"type", "leave"}, {"origin", address_}, {"conn", connection}};
  return bus_.publish(request_subject(game), told.dump()).has_value();
}

void GameRelay::on_game_ended_elsewhere(std::function<void(GameId)> ended) {
  std::lock_guard lock(mutex_);
  game_ended_elsewhere_ = std::move(ended);
}

namespace {

// The game a game.end frame ends. Inside a JSON string every quote is
// escaped, so the unescaped `"type":"game.end"` is only ever the frame's own
// type; other frames are not parsed.
std::optional<GameId> game_ended_by(const std::string& frame) {
  if (frame.find(R"("type":"game.end")") == std::string::npos) return std::nullopt;
  const json parsed = json::parse(frame, nullptr, false);
  if (!parsed.is_object() || parsed.value("type", "") != "game.end") return std::nullopt;
  const auto game = parsed.find("game");
  if (game == parsed.end() || !game->is_number_integer()) return std::nullopt;
  return game->get<GameId>();
}

}  // namespace

// From a node of the version before batches: the subject names the connection.
// Or the running node's word that it dropped some of them.
void GameRelay::deliver(const cluster::BusMessage& message) {
  const auto dot = message.subject.rfind('.');
  if (dot == std::string::npos) return;
  const std::string_view last = std::string_view(message.subject).substr(dot + 1);
  if (last == dropped_token) return follow_dropped(message);
  const auto connection = number_in<std::uint64_t>(last);
  if (!connection) return;
  hand_over(std::make_shared<const std::string>(message.data), {*connection});
}

void GameRelay::deliver_batch(const cluster::BusMessage& message) {
  const auto records = read_records(message.data);
  if (!records) {
    spdlog::warn("relay: a malformed batch of frames on {} dropped", message.subject);
    return;
  }
  for (const FrameRecord& record : *records) hand_over(record.frame, record.connections);
}

void GameRelay::hand_over(const std::shared_ptr<const std::string>& frame,
                          const std::vector<std::uint64_t>& connections) {
  std::vector<std::shared_ptr<net::Connection>> to;
  std::function<void(GameId)> ended;
  {
    std::lock_guard lock(mutex_);
    for (std::uint64_t connection : connections) {
      auto found = followers_.find(connection);
      if (found == followers_.end()) continue;
      if (auto alive = found->second.connection.lock()) to.push_back(std::move(alive));
    }
    ended = game_ended_elsewhere_;
  }
  if (to.empty()) return;
  if (ended) {
    if (const auto game = game_ended_by(*frame)) ended(*game);
  }
  for (const auto& connection : to) connection->send(frame);
}

}  // namespace yunzi::node
