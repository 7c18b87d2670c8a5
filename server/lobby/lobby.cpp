#include "server/lobby/lobby.hpp"

#include <algorithm>
#include <vector>

#include <boost/asio/post.hpp>

#include "protocol/events.hpp"

namespace yunzi::lobby {

UserStatus status_of(int games_playing, int games_watching) {
  if (games_playing > 0) return UserStatus::playing;
  if (games_watching > 0) return UserStatus::watching;
  return UserStatus::idle;
}

Lobby::Lobby(boost::asio::io_context& io, session::OnlineUsers& online, game::GameRegistry& games,
             session::AppMetrics& metrics, PlanRules rules, Coin coin, LobbyLimits limits)
    : strand_(boost::asio::make_strand(io)),
      online_(online),
      games_(games),
      metrics_(metrics),
      rules_(rules),
      coin_(std::move(coin)),
      limits_(limits) {}

void Lobby::publish_user(UserId user) {
  auto it = users_.find(user);
  if (it == users_.end()) return;
  peers_->user(user, it->second.info, it->second.status(), holds_of(user));
  show_user(user);
}

UserHolds Lobby::holds_of(UserId user) const {
  return UserHolds{online_.connection_count(user), challenges_here(user)};
}

void Lobby::tell_holds(UserId user) {
  auto it = users_.find(user);
  if (it != users_.end()) peers_->user(user, it->second.info, it->second.status(), holds_of(user));
}

void Lobby::user_connections_changed(UserId user) {
  on_strand([user](Lobby& self) { self.tell_holds(user); });
}

void Lobby::user_online(const session::OnlineUser& user) {
  on_strand([user](Lobby& self) {
    ListedUser& listed = self.users_[user.id];
    listed.info = user.info;
    listed.playing = 0;
    for (const auto& [id, game] : self.games_listed_) {
      if (game.black == user.id || game.white == user.id) ++listed.playing;
    }
    self.publish_user(user.id);
  });
}

void Lobby::user_offline(UserId user) {
  on_strand([user](Lobby& self) {
    auto it = self.users_.find(user);
    if (it == self.users_.end()) return;
    const std::string name = it->second.info.name;
    self.users_.erase(it);
    std::vector<std::int64_t> own;
    for (const auto& [id, seek] : self.seeks_) {
      if (seek.owner == user && seek.origin.empty()) own.push_back(id);
    }
    for (std::int64_t id : own) self.remove_seek(id);
    self.drop_challenges_of(user);
    self.drop_automatch(user);
    self.pairing_elsewhere_.erase(user);
    self.peers_->user_left(user);
    self.show_user_or_left(user, name);
  });
}

void Lobby::user_changed(UserId user, const protocol::UserInfo& info) {
  on_strand([user, info](Lobby& self) {
    auto it = self.users_.find(user);
    if (it == self.users_.end()) return;
    it->second.info = info;
    self.publish_user(user);
  });
}

void Lobby::set_watching(UserId user, GameId game, bool watching) {
  on_strand([user, game, watching](Lobby& self) {
    auto it = self.users_.find(user);
    if (it == self.users_.end()) return;
    const UserStatus before = it->second.status();
    const auto listed = self.games_listed_.find(game);
    const bool plays =
        listed != self.games_listed_.end() && (listed->second.black == user || listed->second.white == user);
    if (watching && listed != self.games_listed_.end() && !plays) {
      it->second.watching.insert(game);
    } else {
      it->second.watching.erase(game);
    }
    if (it->second.status() != before) self.publish_user(user);
  });
}

void Lobby::set_playing(UserId user, int delta) {
  auto it = users_.find(user);
  if (it == users_.end()) return;
  const UserStatus before = it->second.status();
  it->second.playing = std::max(0, it->second.playing + delta);
  if (it->second.status() != before) publish_user(user);
}

LobbySnapshot Lobby::snapshot() const {
  LobbySnapshot out;
  // Each user once, however many nodes they are connected to, by id.
  std::set<UserId> ids;
  for (const auto& [id, user] : users_) ids.insert(id);
  for (const auto& [id, nodes] : peer_users_) ids.insert(id);
  for (UserId id : ids) {
    if (out.users.size() >= limits_.list_max) break;
    if (auto user = shown_user(id)) out.users.push_back(std::move(*user));
  }
  out.users_total = ids.size();
  for (const auto& [id, seek] : seeks_) out.seeks.push_back(seek.info);
  // The most watched games first, when not all of them are listed.
  std::vector<const protocol::LobbyGame*> games;
  for (const auto& [id, game] : games_listed_) games.push_back(&game.entry);
  const auto listed = std::min(games.size(), limits_.list_max);
  std::partial_sort(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(listed), games.end(),
                    [](const protocol::LobbyGame* a, const protocol::LobbyGame* b) {
                      const int watched_a = a->spectators + a->anonymous_spectators;
                      const int watched_b = b->spectators + b->anonymous_spectators;
                      return watched_a != watched_b ? watched_a > watched_b : a->game < b->game;
                    });
  for (std::size_t i = 0; i < listed; ++i) out.games.push_back(*games[i]);
  out.games_total = games_listed_.size();
  out.chat.assign(chat_.begin(), chat_.end());
  return out;
}

void Lobby::watch(net::ConnectionPtr connection, protocol::Responder respond) {
  on_strand([connection = std::move(connection), respond](Lobby& self) {
    // Registered before the reply leaves, on this strand: no event can fall between the snapshot and the stream.
    self.watchers_[connection->id()] = connection;
    respond.reply(protocol::reply_lobby_snapshot(respond.id(), self.snapshot()));
  });
}

void Lobby::unwatch(std::uint64_t connection_id, protocol::Responder respond) {
  on_strand([connection_id, respond](Lobby& self) {
    self.watchers_.erase(connection_id);
    respond.ok();
  });
}

void Lobby::chat(LobbyCaller caller, std::string text, std::int64_t now_ms) {
  on_strand([caller = std::move(caller), text = std::move(text), now_ms](Lobby& self) {
    protocol::LobbyChatLine line{caller.user.info.name, text, now_ms};
    self.peers_->chat(line);
    self.show_chat(std::move(line));
    caller.respond.ok();
  });
}

void Lobby::show_chat(protocol::LobbyChatLine line) {
  publish([&] { return protocol::lobby_chat(line); });
  if (limits_.chat_history == 0) return;
  chat_.push_back(std::move(line));
  if (chat_.size() > limits_.chat_history) chat_.pop_front();
}

void Lobby::connection_closed(std::uint64_t connection_id) {
  on_strand([connection_id](Lobby& self) { self.watchers_.erase(connection_id); });
}

void Lobby::count_game(UserId user, int delta) {
  std::size_t& count = games_per_user_[user];
  count = delta < 0 ? count - std::min<std::size_t>(count, static_cast<std::size_t>(-delta))
                    : count + static_cast<std::size_t>(delta);
  if (count == 0) games_per_user_.erase(user);
}

void Lobby::count_rated(const ListedGame& game, int delta) {
  if (!game.entry.rated) return;
  for (UserId player : {game.black, game.white}) {
    if ((rated_listed_[player] += delta) <= 0) rated_listed_.erase(player);
  }
}

std::size_t Lobby::games_of(UserId user) const {
  auto it = games_per_user_.find(user);
  return it == games_per_user_.end() ? 0 : it->second;
}

void Lobby::game_started(const protocol::LobbyGame& entry, UserId black, UserId white, bool reserved) {
  on_strand([entry, black, white, reserved](Lobby& self) {
    self.list_game(entry, black, white, !reserved, {});
    self.peers_->game(entry, black, white);
  });
}

void Lobby::list_game(const protocol::LobbyGame& entry, UserId black, UserId white, bool counted,
                      const std::string& origin) {
  const bool here = origin.empty();
  if (auto told = unconfirmed_.find(origin); told != unconfirmed_.end()) told->second.games.erase(entry.game);
  auto [it, added] = games_listed_.try_emplace(entry.game, ListedGame{entry, black, white, here, origin});
  if (!added) {
    // Told again (by the node that took it over, say): the same game, counted once.
    if (!counted) {
      count_game(black, -1);
      count_game(white, -1);
    }
    it->second.entry = entry;
    it->second.here = here;
    it->second.origin = origin;
    publish([&] { return protocol::lobby_game(entry); });
    return;
  }
  if (counted) {
    count_game(black, +1);
    count_game(white, +1);
  }
  count_rated(it->second, +1);
  publish([&] { return protocol::lobby_game(entry); });
  set_playing(black, +1);
  set_playing(white, +1);
  // A player who sits down to a game, here or on another node, no longer waits for a quick one.
  drop_automatch(black);
  drop_automatch(white);
}

void Lobby::game_not_started(UserId black, UserId white) {
  on_strand([black, white](Lobby& self) {
    self.count_game(black, -1);
    self.count_game(white, -1);
  });
}

void Lobby::game_changed(const protocol::LobbyGame& entry) {
  on_strand_after_caller([entry](Lobby& self) {
    auto it = self.games_listed_.find(entry.game);
    if (it == self.games_listed_.end()) return;
    if (entry.move_number > it->second.entry.move_number) {
      self.metrics_.moves_total.Increment(static_cast<double>(entry.move_number - it->second.entry.move_number));
    }
    it->second.entry = entry;
    it->second.here = true;
    it->second.origin.clear();
    self.publish([&] { return protocol::lobby_game(entry); });
    self.peers_->game(entry, it->second.black, it->second.white);
  });
}

void Lobby::game_ended(GameId game) {
  on_strand([game](Lobby& self) {
    auto it = self.games_listed_.find(game);
    if (it != self.games_listed_.end() && it->second.here) self.peers_->game_removed(game);
    self.unlist_game(game);
  });
}

void Lobby::game_moved_away(GameId game) {
  on_strand([game](Lobby& self) {
    if (auto it = self.games_listed_.find(game); it != self.games_listed_.end()) it->second.here = false;
    self.peers_->game_moved_away(game);
  });
}

void Lobby::unlist_game(GameId game) {
  auto it = games_listed_.find(game);
  if (it == games_listed_.end()) return;
  const ListedGame listed = it->second;
  games_listed_.erase(it);
  count_rated(listed, -1);
  count_game(listed.black, -1);
  count_game(listed.white, -1);
  publish([&] { return protocol::lobby_game_removed(game); });
  set_playing(listed.black, -1);
  set_playing(listed.white, -1);
  for (auto& [id, user] : users_) {
    const UserStatus before = user.status();
    if (user.watching.erase(game) > 0 && user.status() != before) publish_user(id);
  }
}

}  // namespace yunzi::lobby
