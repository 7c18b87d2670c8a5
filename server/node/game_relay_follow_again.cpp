// This node's connections in games other nodes run, when the link to such a
// game breaks: the game moved to another node, this node was cut off from
// the bus, or the game's node took this node for gone. Each connection
// follows the game again where it runs now and is sent it as it stands
// (game.start); only when no node answers for the game is it closed (1012)
// so that its client comes back and finds it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/steady_timer.hpp>

#include "server/game/room.hpp"
#include "server/node/game_relay.hpp"
#include "server/node/game_relay_wire.hpp"
#include "server/session/session.hpp"

namespace yunzi::node {

using namespace relay_wire;

namespace {

// How long a game's node has to come back to the bus (NATS's reconnect back-off is at most 2 s), and the pause
// between tries.
constexpr auto follow_patience = std::chrono::seconds(6);
constexpr auto follow_retry_pause = std::chrono::milliseconds(500);

// On the session's strand: the user it is signed in as, and their name (empty for none).
std::pair<std::optional<UserId>, std::string> signed_in_as(const session::Session& s) {
  if (!s.user) return {std::nullopt, std::string()};
  return {s.user->id, s.user->name};
}

}  // namespace

void GameRelay::announce_taken_over(GameId game) { (void)bus_.publish(taken_over_subject, std::to_string(game)); }

void GameRelay::game_moved(const cluster::BusMessage& message) {
  const auto moved = number_in<GameId>(message.data);
  if (!moved) return;
  follow_again([game = *moved](std::uint64_t, GameId followed) { return followed == game; },
               "game " + std::to_string(*moved) + " moved; connect again");
}

void GameRelay::reconnected() {
  follow_again([](std::uint64_t, GameId) { return true; }, "this node was cut off from the cluster; connect again");
}

void GameRelay::follow_dropped(const cluster::BusMessage& message) {
  const json told = json::parse(message.data, nullptr, false);
  const auto listed = told.is_object() ? told.find("connections") : told.end();
  if (!told.is_object() || listed == told.end() || !listed->is_array()) return;
  std::set<std::uint64_t> dropped;
  for (const json& connection : *listed) {
    if (connection.is_number_unsigned()) dropped.insert(connection.get<std::uint64_t>());
  }
  const auto by = told.find("by");
  spdlog::info("node {} took this node for gone: {} connections follow their games again",
               by != told.end() && by->is_string() ? by->get<std::string>() : "?", dropped.size());
  follow_again([&dropped](std::uint64_t connection, GameId) { return dropped.count(connection) > 0; },
               "the node running a game of this connection took this node for gone; connect again");
}

void GameRelay::follow_again(const std::function<bool(std::uint64_t, GameId)>& which, const std::string& reason) {
  struct Pick {
    std::uint64_t connection;
    GameId game;
    Follower follower;
  };
  std::vector<Pick> picked;
  {
    std::lock_guard lock(mutex_);
    for (auto it = followers_.begin(); it != followers_.end();) {
      if (it->second.connection.expired()) {
        it = followers_.erase(it);
        continue;
      }
      for (GameId game : it->second.games) {
        if (which(it->first, game)) picked.push_back({it->first, game, it->second});
      }
      ++it;
    }
  }
  for (const Pick& pick : picked) {
    if (auto room = games_.find(pick.game)) {
      follow_here(pick.follower, pick.connection, pick.game, room);
    } else {
      follow_there(pick.follower, pick.connection, pick.game, reason,
                   std::chrono::steady_clock::now() + follow_patience);
    }
  }
}

void GameRelay::follow_moved(const session::SessionPtr& session, GameId game, const std::string& reason) {
  const auto [user, name] = signed_in_as(*session);
  const Follower follower{session->connection(), session, user, name, {}, {}, {}};
  // Lost and then claimed back at once (a lease round of this node came first).
  if (auto room = games_.find(game)) return follow_here(follower, session->id(), game, room);
  // Signed in, it may be one of the players, present through this connection.
  std::lock_guard in_order(told_in_order_);
  follow(session, game, user, name, user ? Following::taking_part : Following::to_watch);
  follow_there(follower, session->id(), game, reason, std::chrono::steady_clock::now() + follow_patience);
}

// The game runs on this node now: the connection follows its room as a
// connection of this node watching it would, and the relay lets go of it.
void GameRelay::follow_here(const Follower& follower, std::uint64_t connection, GameId game,
                            const std::shared_ptr<game::GameRoom>& room) {
  unfollow(connection, game);
  auto session = follower.session.lock();
  if (!session) return;
  session->post([room, game](session::Session& s) {
    if (s.closed) return;
    // The room lets go of it when it closes or signs out, as of any room it watches here.
    s.watched_games.insert(game);
    auto [user, name] = signed_in_as(s);
    room->follow_again(s.connection(), user, std::move(name), protocol::Responder::unheard());
  });
}

// No answer at all (no responders, or none in time) is asked again for a
// while: after a NATS outage the nodes come back to the bus one by one, and
// the game's node may not be back yet. An answer that the node does not run
// the game is final.
void GameRelay::follow_there(const Follower& follower, std::uint64_t connection, GameId game, const std::string& reason,
                             std::chrono::steady_clock::time_point give_up_at) {
  json asked = {{"type", "follow"}, {"origin", address_}, {"conn", connection}, {"batches", true}};
  if (follower.user) {
    asked["user"] = *follower.user;
    asked["name"] = follower.name;
  }
  bus_.request(
      request_subject(game), asked.dump(), remote_timeout,
      [self = shared_from_this(), follower, connection, game, reason,
       give_up_at](Expected<std::string, cluster::BusError> answer) {
        std::string refusal;
        if (answer) {
          const json told = json::parse(*answer, nullptr, false);
          if (told.is_object() && told.value("type", "") == "ok") {
            // Closed or unwatched meanwhile, after its leave went out: what now stands in for it there goes too.
            if (!self->still_follows(connection, game)) self->publish_leave(connection, game);
            return;
          }
          refusal = *answer;
        }
        if (!self->still_follows(connection, game)) return;
        if (!answer && std::chrono::steady_clock::now() + follow_retry_pause < give_up_at) {
          auto pause = std::make_shared<boost::asio::steady_timer>(self->executor_, follow_retry_pause);
          pause->async_wait([self, pause, follower, connection, game, reason, give_up_at](boost::system::error_code) {
            if (self->still_follows(connection, game))
              self->follow_there(follower, connection, game, reason, give_up_at);
          });
          return;
        }
        auto open = follower.connection.lock();
        if (!open) return;
        spdlog::info("game={} followed by connection={} not found again on any node: {}", game, connection,
                     answer ? refusal : answer.error().message);
        open->close(net::close_code::service_restart, reason);
      });
}

bool GameRelay::still_follows(std::uint64_t connection, GameId game) {
  std::lock_guard lock(mutex_);
  const auto found = followers_.find(connection);
  return found != followers_.end() && found->second.games.count(game) > 0 && !found->second.connection.expired();
}

}  // namespace yunzi::node
