// The relay's side of the games this node runs: the watches, joins, leaves
// and game.* requests of other nodes' connections, each through a stand-in
// connection the room treats as any other.
#include <vector>

#include <spdlog/spdlog.h>

#include "protocol/decode.hpp"
#include "server/game/room.hpp"
#include "server/node/game_relay.hpp"
#include "server/node/game_relay_wire.hpp"

namespace yunzi::node {

using namespace relay_wire;

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

std::shared_ptr<RemoteConnection> GameRelay::stand_in_for(const StandInKey& key, std::optional<UserId> user,
                                                          std::optional<GameId> game, bool batches) {
  std::lock_guard lock(mutex_);
  StandIn& stand_in = stand_ins_[key];
  if (!stand_in.connection) {
    std::shared_ptr<NodeOutbox> outbox;
    if (batches) {
      auto& shared = outboxes_[key.first];
      if (!shared) shared = std::make_shared<NodeOutbox>(bus_, executor_, batches_subject(key.first), outbox_counts_);
      outbox = shared;
    }
    stand_in.connection = std::make_shared<RemoteConnection>(bus_, std::move(outbox), key.first, key.second);
  }
  if (user) stand_in.user = user;
  if (game) stand_in.games.insert(*game);
  return stand_in.connection;
}

// The connection stops hearing the game's events. It stays known, with the
// game, until it leaves: a player who only looks elsewhere is still there.
// Answered once the room no longer sends it anything.
void GameRelay::unwatch(const StandInKey& key, GameId game, protocol::Responder respond) {
  std::shared_ptr<RemoteConnection> connection;
  {
    std::lock_guard lock(mutex_);
    auto found = stand_ins_.find(key);
    if (found != stand_ins_.end()) connection = found->second.connection;
  }
  auto room = games_.find(game);
  if (!connection || !room) return respond.ok();
  room->unwatch(connection->id(), respond);
}

// The connection closed or logged out: it leaves one game (`only`) or all,
// as a watcher and, signed in as a player, as one of their presences.
void GameRelay::leave(const StandInKey& key, std::optional<GameId> only) {
  std::shared_ptr<RemoteConnection> connection;
  std::optional<UserId> user;
  std::set<GameId> left;
  {
    std::lock_guard lock(mutex_);
    auto found = stand_ins_.find(key);
    if (found == stand_ins_.end()) return;
    StandIn& stand_in = found->second;
    connection = stand_in.connection;
    user = stand_in.user;
    if (only) {
      if (stand_in.games.erase(*only) == 0) return;
      left.insert(*only);
    } else {
      left.swap(stand_in.games);
    }
    if (stand_in.games.empty()) stand_ins_.erase(found);
  }
  for (GameId game : left) {
    auto room = games_.find(game);
    if (!room) continue;
    if (user) {
      room->player_disconnected(*user, connection->id());
    } else {
      room->unwatch(connection->id(), protocol::Responder::unheard());
    }
  }
}

void GameRelay::node_gone(const cluster::PeerGone& peer) {
  const std::string origin = peer.node + "." + peer.boot;
  std::vector<StandInKey> gone;
  {
    std::lock_guard lock(mutex_);
    const auto request = last_request_.find(origin);
    if (peer.last_heard && request != last_request_.end() && request->second > *peer.last_heard) {
      spdlog::info("node {} (boot {}) fell silent, but its connections were heard from since: they stay", peer.node,
                   peer.boot);
      return;
    }
    // With it, what late requests of the node's earlier processes left here.
    std::erase_if(last_request_, [&](const auto& entry) {
      return entry.first == origin ||
             (peer.last_heard && entry.first.starts_with(peer.node + ".") && entry.second <= *peer.last_heard);
    });
    for (auto it = stand_ins_.lower_bound({origin, 0}); it != stand_ins_.end() && it->first.first == origin; ++it) {
      gone.push_back(it->first);
    }
    outboxes_.erase(origin);
    if (!peer.last_heard) {
      dropped_.erase(peer.node);
    } else if (!gone.empty()) {
      auto& dropped = dropped_[peer.node];
      dropped.first = peer.boot;
      dropped.second.clear();
      for (const StandInKey& key : gone) dropped.second.push_back(key.second);
    }
  }
  if (!gone.empty())
    spdlog::info("node {} (boot {}) gone: {} of its connections leave their games", peer.node, peer.boot, gone.size());
  for (const StandInKey& key : gone) leave(key, std::nullopt);
}

void GameRelay::node_back(const std::string& node, const std::string& boot) {
  std::vector<std::uint64_t> connections;
  {
    std::lock_guard lock(mutex_);
    const auto found = dropped_.find(node);
    if (found == dropped_.end()) return;
    if (found->second.first == boot) connections = std::move(found->second.second);
    dropped_.erase(found);
  }
  if (connections.empty()) return;
  spdlog::info("node {} (boot {}) is back: told which {} of its connections left their games", node, boot,
               connections.size());
  const json told = {{"by", address_}, {"connections", connections}};
  (void)bus_.publish(dropped_subject(node + "." + boot), told.dump());
}

void GameRelay::on_heard_from(std::function<void(std::string_view node, std::string_view boot)> heard) {
  heard_from_ = std::move(heard);
}

// Noted before the request is served: a verdict that reads this time after
// the request made a stand-in leaves it be.
void GameRelay::note_request_from(const std::string& origin) {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    last_request_[origin] = now;
  }
  const auto dot = origin.find('.');
  if (!heard_from_ || dot == std::string::npos) return;
  const std::string_view view(origin);
  heard_from_(view.substr(0, dot), view.substr(dot + 1));
}

void GameRelay::serve_request(GameId game, const cluster::BusMessage& message) {
  const json request = json::parse(message.data, nullptr, false);
  if (!request.is_object() || !request.contains("origin") || !request["origin"].is_string() ||
      !request.contains("conn") || !request["conn"].is_number_unsigned()) {
    return;
  }
  const StandInKey key{request["origin"].get<std::string>(), request["conn"].get<std::uint64_t>()};
  note_request_from(key.first);
  const std::string type = request.value("type", "");
  if (type == "leave") return leave(key, game);
  if (type == "unwatch") {
    // A node of the version before this answer published it without waiting.
    if (message.reply_to.empty()) return unwatch(key, game, protocol::Responder::unheard());
    return unwatch(key, game,
                   protocol::Responder(integer_field(request, "id"), std::make_shared<BusReplyChannel>(bus_, message)));
  }
  const std::optional<UserId> user = integer_field(request, "user");
  const auto batches_field = request.find("batches");
  const bool batches = batches_field != request.end() && batches_field->is_boolean() && batches_field->get<bool>();
  const std::string name = request.value("name", "");
  auto room = games_.find(game);
  if (type == "join") {
    if (room && user)
      room->player_connected(*user, stand_in_for(key, user, game, batches), integer_field(request, "since"));
    return;
  }
  if (message.reply_to.empty()) return;
  auto channel = std::make_shared<BusReplyChannel>(bus_, message);
  if (type == "follow") {
    protocol::Responder respond(std::nullopt, channel);
    if (!room) return respond.fail(protocol::ErrorCode::not_found, "no game in progress with that id");
    return room->follow_again(stand_in_for(key, user, game, batches), user, name, respond);
  }
  if (type == "watch") {
    protocol::Responder respond(integer_field(request, "id"), channel);
    if (!room) return respond.fail(protocol::ErrorCode::not_found, "no game in progress with that id");
    room->watch(stand_in_for(key, user, game, batches), user, name, integer_field(request, "since"), respond);
    return;
  }
  if (type != "call" || !user || !request.contains("text") || !request["text"].is_string()) return;
  auto envelope = protocol::decode_request(request["text"].get<std::string>());
  if (!envelope) return (void)bus_.reply(message, *protocol::encode_error(envelope.error()));
  protocol::Responder respond(envelope->id, channel);
  if (!room) return respond.fail(protocol::ErrorCode::not_found, "no game in progress with that id");
  auto stand_in = stand_in_for(key, user, game, batches);
  stand_in->set_rtt(integer_field(request, "rtt_us"));
  room->handle(stand_in, *user, name, request.value("muted", false), std::move(envelope->request), respond);
}

}  // namespace yunzi::node
