#include "server/lobby/lobby.hpp"

#include <algorithm>
#include <vector>

#include <boost/asio/post.hpp>

#include "protocol/events.hpp"

namespace yunzi::app {

UserStatus status_of(int games_playing, int games_watching) {
  if (games_playing > 0) return UserStatus::playing;
  if (games_watching > 0) return UserStatus::watching;
  return UserStatus::idle;
}

Lobby::Lobby(boost::asio::io_context& io, OnlineUsers& online, GameRegistry& games, AppMetrics& metrics,
             PlanRules rules, Coin coin, LobbyLimits limits)
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
  const ListedUser& listed = it->second;
  publish([&] { return protocol::lobby_user(protocol::LobbyUser{listed.info, listed.status()}); });
}

void Lobby::user_online(const OnlineUser& user) {
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
      if (seek.owner == user) own.push_back(id);
    }
    for (std::int64_t id : own) self.remove_seek(id);
    self.drop_challenges_of(user);
    self.drop_automatch(user);
    self.publish([&] { return protocol::lobby_user_left(name); });
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
    if (watching && self.games_listed_.contains(game)) {
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
  for (const auto& [id, user] : users_) {
    if (out.users.size() >= limits_.list_max) break;
    out.users.push_back(protocol::LobbyUser{user.info, user.status()});
  }
  out.users_total = users_.size();
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
    self.publish([&] { return protocol::lobby_chat(line); });
    if (self.limits_.chat_history > 0) {
      self.chat_.push_back(std::move(line));
      if (self.chat_.size() > self.limits_.chat_history) self.chat_.pop_front();
    }
    caller.respond.ok();
  });
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

std::size_t Lobby::games_of(UserId user) const {
  auto it = games_per_user_.find(user);
  return it == games_per_user_.end() ? 0 : it->second;
}

void Lobby::game_started(const protocol::LobbyGame& entry, UserId black, UserId white, bool reserved) {
  on_strand([entry, black, white, reserved](Lobby& self) {
    if (!reserved) {
      self.count_game(black, +1);
      self.count_game(white, +1);
    }
    self.games_listed_[entry.game] = ListedGame{entry, black, white};
    self.publish([&] { return protocol::lobby_game(entry); });
    self.set_playing(black, +1);
    self.set_playing(white, +1);
    // A player who sits down to a game no longer waits for a quick one.
    self.drop_automatch(black);
    self.drop_automatch(white);
  });
}

void Lobby::game_not_started(UserId black, UserId white) {
  on_strand([black, white](Lobby& self) {
    self.count_game(black, -1);
    self.count_game(white, -1);
  });
}

void Lobby::game_changed(const protocol::LobbyGame& entry) {
  on_strand([entry](Lobby& self) {
    auto it = self.games_listed_.find(entry.game);
    if (it == self.games_listed_.end()) return;
    if (entry.move_number > it->second.entry.move_number) {
      self.metrics_.moves_total.Increment(static_cast<double>(entry.move_number - it->second.entry.move_number));
    }
    it->second.entry = entry;
    self.publish([&] { return protocol::lobby_game(entry); });
  });
}

void Lobby::game_ended(GameId game) {
  on_strand([game](Lobby& self) {
    auto it = self.games_listed_.find(game);
    if (it == self.games_listed_.end()) return;
    const ListedGame listed = it->second;
    self.games_listed_.erase(it);
    self.count_game(listed.black, -1);
    self.count_game(listed.white, -1);
    self.publish([&] { return protocol::lobby_game_removed(game); });
    self.set_playing(listed.black, -1);
    self.set_playing(listed.white, -1);
    for (auto& [id, user] : self.users_) {
      const UserStatus before = user.status();
      if (user.watching.erase(game) > 0 && user.status() != before) self.publish_user(id);
    }
  });
}

}  // namespace yunzi::app
