#include "server/node/lobby_link.hpp"

#include <random>

#include <spdlog/spdlog.h>

#include "protocol/payload_json.hpp"
#include "protocol/payload_read.hpp"
#include "server/node/game_relay_wire.hpp"
#include "server/node/lobby_game_messages.hpp"

namespace yunzi::node {
namespace {

using nlohmann::json;
using relay_wire::integer_field;

const std::string deltas_subject = "yunzi.lobby";
constexpr int prefix_shift = 32;
// A game's entry goes to the other nodes at most about this often (LobbyGamePacer).
constexpr auto game_entry_interval = std::chrono::seconds(1);
// An acceptance makes a game on the holding node (its writer, the players'
// rows locked in PostgreSQL): given longer than a game request.
constexpr auto offer_timeout = std::chrono::seconds(10);

std::string requests_subject(const std::string& address) { return "yunzi.lobby." + address + ".req"; }

std::optional<protocol::UserStatus> parse_status(std::string_view text) {
  for (auto status : {protocol::UserStatus::idle, protocol::UserStatus::playing, protocol::UserStatus::watching}) {
    if (protocol::to_string(status) == text) return status;
  }
  return std::nullopt;
}

const json& member(const json& message, const char* key) {
  static const json none;
  const auto found = message.find(key);
  return found == message.end() ? none : *found;
}

}  // namespace

LobbyLink::LobbyLink(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string address,
                     std::int64_t id_base, lobby::Lobby& lobby, const UserNews& users)
    : bus_(bus),
      address_(std::move(address)),
      id_base_(id_base),
      lobby_(lobby),
      users_(users),
      games_(std::make_shared<LobbyGamePacer>(
          std::move(executor), game_entry_interval,
          [this](const LobbyGamePacer::Entry& entry) {
            json message = game_item(entry);
            message["type"] = "game";
            publish(std::move(message));
          },
          [this](const std::vector<LobbyGamePacer::Entry>& entries) {
            for (json& message : games_messages(entries)) publish(std::move(message));
          },
          [this](GameId game) {
            publish({{"type", "game_removed"}, {"game", game}});
          })) {}

LobbyLink::~LobbyLink() { stop(); }

std::int64_t LobbyLink::random_id_base() {
  std::random_device random;
  std::uniform_int_distribution<std::int64_t> prefix(1, (std::int64_t{1} << 20) - 1);
  return prefix(random) << prefix_shift;
}

Expected<Done, std::string> LobbyLink::start() {
  auto deltas = bus_.subscribe(deltas_subject, [this](cluster::BusMessage m) { heard(m); });
  if (!deltas) return unexpected("cannot subscribe to " + deltas_subject + ": " + deltas.error().message);
  auto requests = bus_.subscribe(requests_subject(address_), [this](cluster::BusMessage m) { passed_on(m); });
  if (!requests) return unexpected("cannot subscribe to the lobby's requests: " + requests.error().message);
  {
    std::lock_guard lock(mutex_);
    deltas_.emplace(std::move(*deltas));
    requests_.emplace(std::move(*requests));
  }
  publish({{"type", "hello"}});
  return Done{};
}

// Cancelled outside the lock: a cancel waits for a handler still running, which may take it.
void LobbyLink::stop() {
  games_->stop();
  std::optional<cluster::Subscription> deltas, requests;
  std::lock_guard lock(mutex_);
  deltas.swap(deltas_);
  requests.swap(requests_);
}

void LobbyLink::reconnected() {
  publish({{"type", "hello"}});
  lobby_.tell_peers_everything();
}

void LobbyLink::node_gone(const std::string& node, const std::string& boot) {
  const std::string origin = node + "." + boot;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(holders_, [&origin](const auto& entry) { return entry.second == origin; });
  }
  lobby_.peer_gone(origin);
}

void LobbyLink::node_back(const std::string& node, const std::string& boot) {
  publish({{"type", "forgotten"}, {"node", node + "." + boot}});
}

void LobbyLink::publish(json message) {
  message["origin"] = address_;
  message["prefix"] = id_base_ >> prefix_shift;
  (void)bus_.publish(deltas_subject, message.dump());
}

void LobbyLink::user(UserId id, const protocol::UserInfo& info, protocol::UserStatus status, lobby::UserHolds holds) {
  publish({{"type", "user"},
           {"user", id},
           {"info", protocol::to_json(info)},
           {"status", protocol::to_string(status)},
           {"connections", holds.connections},
           {"challenges", holds.challenges}});
}

void LobbyLink::user_left(UserId id) { publish({{"type", "user_left"}, {"user", id}}); }

void LobbyLink::seek(const protocol::SeekInfo& seek, UserId owner) {
  publish({{"type", "seek"}, {"seek", protocol::to_json(seek)}, {"owner", owner}});
}

void LobbyLink::seek_removed(std::int64_t seek) { publish({{"type", "seek_removed"}, {"seek", seek}}); }

void LobbyLink::game(const protocol::LobbyGame& entry, UserId black, UserId white) {
  games_->changed(entry, black, white, telling_everything_.load());
}

void LobbyLink::game_removed(GameId game) { games_->removed(game); }

void LobbyLink::game_moved_away(GameId game) { games_->moved_away(game); }

void LobbyLink::chat(const protocol::LobbyChatLine& line) {
  publish({{"type", "chat"}, {"line", protocol::to_json(line)}});
}

void LobbyLink::automatch_waiting(UserId user, const protocol::UserInfo& info, const GameSettings& settings) {
  publish({{"type", "automatch"},
           {"user", user},
           {"info", protocol::to_json(info)},
           {"settings", protocol::to_json(settings)}});
}

void LobbyLink::automatch_left(UserId user) { publish({{"type", "automatch_left"}, {"user", user}}); }

void LobbyLink::pair_elsewhere(const std::string& origin, const lobby::LobbyCaller& caller, UserId partner,
                               const GameSettings& settings, std::function<void(lobby::PairAnswer)> answered) {
  ask(origin, caller, {{"kind", "automatch.take"}, {"target", partner}, {"settings", protocol::to_json(settings)}},
      [respond = caller.respond, answered = std::move(answered)](Expected<std::string, cluster::BusError> answer) {
        if (!answer) return answered(lobby::PairAnswer::partner_gone);
        const json reply = json::parse(*answer, nullptr, false);
        if (reply.is_object() && reply.value("type", "") == "ok") {
          respond.reply(std::make_shared<const std::string>(std::move(*answer)));
          return answered(lobby::PairAnswer::paired);
        }
        const bool gone =
            reply.is_object() && reply.value("code", "") == protocol::to_string(protocol::ErrorCode::conflict);
        answered(gone ? lobby::PairAnswer::partner_gone : lobby::PairAnswer::refused);
      });
}

// What is told between the two goes at once: the others drop what they do not hear of before the end.
void LobbyLink::everything_begins() {
  telling_everything_ = true;
  publish({{"type", "everything"}});
}

void LobbyLink::everything_ends() {
  publish({{"type", "everything_told"}});
  telling_everything_ = false;
}

void LobbyLink::send_to_user(UserId user, const protocol::Frame& frame) { users_.send_to_user(user, frame); }

void LobbyLink::heard(const cluster::BusMessage& message) {
  const json told = json::parse(message.data, nullptr, false);
  if (!told.is_object()) return;
  const std::string origin = told.value("origin", "");
  // The bus hears its own publications too.
  if (origin.empty() || origin == address_) return;
  if (auto prefix = integer_field(told, "prefix")) {
    if (*prefix == id_base_ >> prefix_shift) {
      spdlog::error("node {} numbers its seeks and challenges with this node's prefix {}", origin, *prefix);
    }
    std::lock_guard lock(mutex_);
    holders_[*prefix] = origin;
  }
  const std::string type = told.value("type", "");
  if (type == "hello") return lobby_.tell_peers_everything();
  if (type == "forgotten") {
    const auto named = told.find("node");
    if (named != told.end() && *named == address_) lobby_.tell_peers_everything();
    return;
  }
  if (type == "everything") return lobby_.peer_everything_begins(origin);
  if (type == "everything_told") return lobby_.peer_everything_ends(origin);
  if (type == "user") {
    const auto id = integer_field(told, "user");
    const auto info = protocol::read_user_info(member(told, "info"));
    const auto status = parse_status(told.value("status", ""));
    // A node from before the counts were told holds at least the one connection.
    const auto connections = integer_field(told, "connections").value_or(1);
    const auto challenges = integer_field(told, "challenges").value_or(0);
    if (id && info && status && connections >= 0 && challenges >= 0) {
      lobby_.peer_user(origin, *id, *info, *status,
                       lobby::UserHolds{static_cast<std::size_t>(connections), static_cast<std::size_t>(challenges)});
    }
  } else if (type == "user_left") {
    if (const auto id = integer_field(told, "user")) lobby_.peer_user_left(origin, *id);
  } else if (type == "seek") {
    const auto seek = protocol::read_seek_info(member(told, "seek"));
    const auto owner = integer_field(told, "owner");
    if (seek && owner) lobby_.peer_seek(origin, *seek, *owner);
  } else if (type == "seek_removed") {
    if (const auto seek = integer_field(told, "seek")) lobby_.peer_seek_removed(*seek);
  } else if (type == "game") {
    heard_game(origin, told);
  } else if (type == "games") {
    const json& items = member(told, "games");
    if (!items.is_array()) return;
    for (const json& item : items) heard_game(origin, item);
  } else if (type == "game_removed") {
    if (const auto game = integer_field(told, "game")) lobby_.peer_game_removed(*game);
  } else if (type == "automatch") {
    const auto id = integer_field(told, "user");
    const auto info = protocol::read_user_info(member(told, "info"));
    const auto settings = protocol::read_game_settings(member(told, "settings"));
    if (id && info && settings) lobby_.peer_automatch(origin, *id, *info, *settings);
  } else if (type == "automatch_left") {
    if (const auto id = integer_field(told, "user")) lobby_.peer_automatch_left(origin, *id);
  } else if (type == "chat") {
    const json& line = member(told, "line");
    const auto at = line.is_object() ? integer_field(line, "at") : std::nullopt;
    if (at && member(line, "from").is_string() && member(line, "text").is_string()) {
      lobby_.peer_chat(protocol::LobbyChatLine{line["from"].get<std::string>(), line["text"].get<std::string>(), *at});
    }
  }
}

void LobbyLink::heard_game(const std::string& origin, const json& item) {
  if (const auto read = read_game_item(item)) lobby_.peer_game(origin, read->entry, read->black, read->white);
}

std::optional<std::string> LobbyLink::holder_of(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto found = holders_.find(id >> prefix_shift);
  if (found == holders_.end()) return std::nullopt;
  return found->second;
}

bool LobbyLink::pass_on(const lobby::LobbyCaller& caller, std::string kind, std::int64_t target, json extra) const {
  if (target >> prefix_shift == id_base_ >> prefix_shift) return false;
  const auto holder = holder_of(target);
  if (!holder) return false;
  json asked = extra.is_object() ? std::move(extra) : json::object();
  asked["kind"] = std::move(kind);
  asked["target"] = target;
  ask(*holder, caller, std::move(asked), [respond = caller.respond](Expected<std::string, cluster::BusError> answer) {
    if (answer) return respond.reply(std::make_shared<const std::string>(std::move(*answer)));
    if (answer.error().kind == cluster::BusErrorKind::no_responders) {
      return respond.fail(protocol::ErrorCode::not_found,
                          "the node that held it has left the cluster, and it went with it");
    }
    respond.fail(protocol::ErrorCode::internal, "the node that holds it did not answer: " + answer.error().message);
  });
  return true;
}

void LobbyLink::ask(const std::string& holder, const lobby::LobbyCaller& caller, json asked,
                    std::function<void(Expected<std::string, cluster::BusError>)> answered) const {
  asked["user"] = caller.user.id;
  asked["info"] = protocol::to_json(caller.user.info);
  if (caller.respond.id()) asked["id"] = *caller.respond.id();
  bus_.request(requests_subject(holder), asked.dump(), offer_timeout, std::move(answered));
}

void LobbyLink::passed_on(const cluster::BusMessage& message) {
  if (message.reply_to.empty()) return;
  const json asked = json::parse(message.data, nullptr, false);
  if (!asked.is_object()) return;
  protocol::Responder respond(integer_field(asked, "id"), std::make_shared<relay_wire::BusReplyChannel>(bus_, message));
  const auto target = integer_field(asked, "target");
  const auto user = integer_field(asked, "user");
  auto info = protocol::read_user_info(member(asked, "info"));
  if (!target || !user || !info) {
    return respond.fail(protocol::ErrorCode::bad_request, "a malformed lobby request from another node");
  }
  lobby::LobbyCaller caller{session::OnlineUser{*user, std::move(*info), std::nullopt}, respond};
  const std::string kind = asked.value("kind", "");
  if (kind == "seek.accept") return lobby_.accept_seek(std::move(caller), *target);
  if (kind == "seek.cancel") return lobby_.cancel_seek(std::move(caller), *target);
  if (kind == "challenge.accept") return lobby_.accept_challenge(std::move(caller), *target);
  if (kind == "automatch.take") {
    const auto settings = protocol::read_game_settings(member(asked, "settings"));
    if (!settings) return respond.fail(protocol::ErrorCode::bad_request, "a quick game's settings are unreadable");
    return lobby_.take_automatch(std::move(caller), *target, *settings);
  }
  if (kind == "challenge.decline") {
    std::optional<std::string> reason;
    if (member(asked, "reason").is_string()) reason = asked["reason"].get<std::string>();
    return lobby_.decline_challenge(std::move(caller), *target, std::move(reason));
  }
  respond.fail(protocol::ErrorCode::bad_request, "an unknown lobby request from another node");
}

}  // namespace yunzi::node
