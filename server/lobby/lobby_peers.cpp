// The lobby's other half in a cluster: what the other nodes hold, shown
// beside this node's own. Users are merged by id (a user may be connected
// to several nodes: shown once, playing if any node says so, else
// watching); seeks and games are keyed by their cluster-wide ids.
#include <algorithm>
#include <vector>

#include "protocol/events.hpp"
#include "server/lobby/lobby.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::lobby {
namespace {

int weight(UserStatus status) {
  switch (status) {
    case UserStatus::playing: return 2;
    case UserStatus::watching: return 1;
    case UserStatus::idle: return 0;
  }
  return 0;
}

class NoPeers final : public LobbyPeers {
 public:
  void user(UserId, const protocol::UserInfo&, protocol::UserStatus, UserHolds) override {}
  void user_left(UserId) override {}
  void seek(const protocol::SeekInfo&, UserId) override {}
  void seek_removed(std::int64_t) override {}
  void game(const protocol::LobbyGame&, UserId, UserId) override {}
  void game_removed(GameId) override {}
  void game_moved_away(GameId) override {}
  void chat(const protocol::LobbyChatLine&) override {}
  void everything_begins() override {}
  void everything_ends() override {}
  void automatch_waiting(UserId, const protocol::UserInfo&, const GameSettings&) override {}
  void automatch_left(UserId) override {}
  void pair_elsewhere(const std::string&, const LobbyCaller&, UserId, const GameSettings&,
                      std::function<void(PairAnswer)> answered) override {
    answered(PairAnswer::partner_gone);
  }
  void send_to_user(UserId, const protocol::Frame&) override {}
};

}  // namespace

LobbyPeers& no_peers() {
  static NoPeers none;
  return none;
}

void Lobby::attach_peers(LobbyPeers& peers, std::int64_t id_base, std::string origin) {
  on_strand([&peers, id_base, origin = std::move(origin)](Lobby& self) {
    self.peers_ = &peers;
    self.origin_ = origin;
    self.next_seek_ = std::max(self.next_seek_, id_base + 1);
    self.next_challenge_ = std::max(self.next_challenge_, id_base + 1);
  });
}

std::optional<protocol::LobbyUser> Lobby::shown_user(UserId user) const {
  std::optional<protocol::LobbyUser> shown;
  if (auto local = users_.find(user); local != users_.end()) {
    shown = protocol::LobbyUser{local->second.info, local->second.status()};
  }
  if (auto remote = peer_users_.find(user); remote != peer_users_.end()) {
    for (const auto& [origin, peer] : remote->second) {
      if (!shown) shown = protocol::LobbyUser{peer.info, peer.status};
      if (weight(peer.status) > weight(shown->status)) shown->status = peer.status;
    }
  }
  return shown;
}

void Lobby::show_user(UserId user) {
  if (auto shown = shown_user(user)) publish([&] { return protocol::lobby_user(*shown); });
}

void Lobby::show_user_or_left(UserId user, const std::string& name) {
  if (shown_user(user)) return show_user(user);
  // Gone from every node: the challenges made here to them or by them go too.
  drop_challenges_of(user);
  publish([&] { return protocol::lobby_user_left(name); });
}

std::optional<session::OnlineUser> Lobby::find_by_name_key(const std::string& name_key) const {
  if (auto here = online_.find_by_name_key(name_key)) return here;
  for (const auto& [id, nodes] : peer_users_) {
    for (const auto& [origin, peer] : nodes) {
      if (peer.name_key == name_key) return session::OnlineUser{id, peer.info, std::nullopt};
    }
  }
  return std::nullopt;
}

void Lobby::send_to_user(UserId user, const protocol::Frame& frame) const {
  online_.send_to_user(user, frame);
  peers_->send_to_user(user, frame);
}

void Lobby::peer_user(const std::string& origin, UserId user, const protocol::UserInfo& info, UserStatus status,
                      UserHolds holds) {
  on_strand([origin, user, info, status, holds](Lobby& self) {
    self.peer_users_[user][origin] = PeerUser{info, status, session::name_key(info.name), holds.challenges};
    self.online_.set_elsewhere(user, origin, holds.connections);
    if (auto told = self.unconfirmed_.find(origin); told != self.unconfirmed_.end()) told->second.users.erase(user);
    self.show_user(user);
  });
}

void Lobby::peer_user_left(const std::string& origin, UserId user) {
  on_strand([origin, user](Lobby& self) { self.forget_peer_user(origin, user); });
}

void Lobby::forget_peer_user(const std::string& origin, UserId user) {
  auto it = peer_users_.find(user);
  if (it == peer_users_.end()) return;
  auto node = it->second.find(origin);
  if (node == it->second.end()) return;
  const std::string name = node->second.info.name;
  it->second.erase(node);
  online_.set_elsewhere(user, origin, 0);
  if (it->second.empty()) peer_users_.erase(it);
  show_user_or_left(user, name);
}

void Lobby::peer_seek(const std::string& origin, const protocol::SeekInfo& seek, UserId owner) {
  on_strand([origin, seek, owner](Lobby& self) {
    self.seeks_[seek.id] = OpenSeek{seek, owner, origin};
    if (auto told = self.unconfirmed_.find(origin); told != self.unconfirmed_.end()) told->second.seeks.erase(seek.id);
    self.publish([&] { return protocol::lobby_seek(seek); });
  });
}

void Lobby::peer_seek_removed(std::int64_t seek) {
  on_strand([seek](Lobby& self) {
    auto it = self.seeks_.find(seek);
    if (it != self.seeks_.end() && !it->second.origin.empty()) self.remove_seek(seek);
  });
}

void Lobby::peer_game(const std::string& origin, const protocol::LobbyGame& entry, UserId black, UserId white) {
  on_strand([origin, entry, black, white](Lobby& self) { self.list_game(entry, black, white, true, origin); });
}

// A removal from a node that ran the game before this one took it over is late news: ignored.
void Lobby::peer_game_removed(GameId game) {
  on_strand([game](Lobby& self) {
    auto it = self.games_listed_.find(game);
    if (it != self.games_listed_.end() && !it->second.here) self.unlist_game(game);
  });
}

void Lobby::peer_chat(const protocol::LobbyChatLine& line) {
  on_strand([line](Lobby& self) { self.show_chat(line); });
}

// A gone node's games stay listed: the node that takes them over tells them again.
void Lobby::peer_gone(const std::string& origin) {
  on_strand([origin](Lobby& self) {
    Unconfirmed shown = self.shown_by(origin);
    shown.games.clear();
    self.forget(origin, shown);
  });
}

Lobby::Unconfirmed Lobby::shown_by(const std::string& origin) const {
  Unconfirmed shown;
  for (const auto& [id, nodes] : peer_users_) {
    if (nodes.contains(origin)) shown.users.insert(id);
  }
  for (const auto& [id, seek] : seeks_) {
    if (seek.origin == origin) shown.seeks.insert(id);
  }
  for (const auto& [id, game] : games_listed_) {
    if (!game.here && game.origin == origin) shown.games.insert(id);
  }
  for (const PeerAutomatch& entry : peer_automatch_) {
    if (entry.origin == origin) shown.waiting.insert(entry.user);
  }
  return shown;
}

void Lobby::forget(const std::string& origin, const Unconfirmed& gone) {
  for (UserId user : gone.users) forget_peer_user(origin, user);
  for (std::int64_t seek : gone.seeks) {
    if (auto it = seeks_.find(seek); it != seeks_.end() && it->second.origin == origin) remove_seek(seek);
  }
  for (GameId game : gone.games) {
    if (auto it = games_listed_.find(game); it != games_listed_.end() && it->second.origin == origin) {
      unlist_game(game);
    }
  }
  std::erase_if(peer_automatch_, [&](const PeerAutomatch& entry) {
    return entry.origin == origin && gone.waiting.contains(entry.user);
  });
}

void Lobby::peer_everything_begins(const std::string& origin) {
  on_strand([origin](Lobby& self) { self.unconfirmed_[origin] = self.shown_by(origin); });
}

void Lobby::peer_everything_ends(const std::string& origin) {
  on_strand([origin](Lobby& self) {
    auto found = self.unconfirmed_.find(origin);
    if (found == self.unconfirmed_.end()) return;
    const Unconfirmed gone = std::move(found->second);
    self.unconfirmed_.erase(found);
    self.forget(origin, gone);
  });
}

void Lobby::tell_peers_everything() {
  on_strand([](Lobby& self) {
    self.peers_->everything_begins();
    for (const auto& [id, user] : self.users_) {
      self.peers_->user(id, user.info, user.status(), self.holds_of(id));
    }
    for (const auto& [id, seek] : self.seeks_) {
      if (seek.origin.empty()) self.peers_->seek(seek.info, seek.owner);
    }
    for (const auto& [id, game] : self.games_listed_) {
      if (game.here) self.peers_->game(game.entry, game.black, game.white);
    }
    for (const AutomatchEntry& entry : self.automatch_) {
      if (auto user = self.users_.find(entry.user); user != self.users_.end()) {
        self.peers_->automatch_waiting(entry.user, user->second.info, entry.settings);
      }
    }
    self.peers_->everything_ends();
  });
}

}  // namespace yunzi::lobby
