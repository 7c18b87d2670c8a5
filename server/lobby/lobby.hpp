// The lobby (README.md): users, seeks, challenges, games and chat, on its own
// strand. A seek is planned here, so it is never taken twice, and what one
// user may hold is counted here, so many connections cannot pass a cap
// together. The other nodes' part of it: lobby_peers.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <deque>

#include <boost/asio/defer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "protocol/chat_messages.hpp"
#include "protocol/lobby_messages.hpp"
#include "protocol/payload_json.hpp"
#include "protocol/replies.hpp"
#include "protocol/responder.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/game_plan.hpp"
#include "server/lobby/lobby_limits.hpp"
#include "server/lobby/lobby_peers.hpp"
#include "server/lobby/lobby_snapshot.hpp"
#include "server/net/connection.hpp"
#include "server/session/app_metrics.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::lobby {

using protocol::UserStatus;
// Playing wins over watching.
UserStatus status_of(int games_playing, int games_watching);

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  // Creates the game and answers the acceptor's request (`game`, or an error).
  using StartGame = std::function<void(GamePlan plan, protocol::Responder respond)>;

  Lobby(boost::asio::io_context& io, session::OnlineUsers& online, game::GameRegistry& games,
        session::AppMetrics& metrics, PlanRules rules, Coin coin, LobbyLimits limits = {});
  // Set once before any request.
  void set_start_game(StartGame start) { start_game_ = std::move(start); }

  // Presence, from the sessions.
  void user_online(const session::OnlineUser& user);
  void user_offline(UserId user);
  void user_changed(UserId user, const protocol::UserInfo& info);
  // A user started or stopped spectating a game (a game's end stops it too).
  void set_watching(UserId user, GameId game, bool watching);

  // The connection gets lobby.* events from now on; the answer is the snapshot.
  void watch(net::ConnectionPtr connection, protocol::Responder respond);
  void unwatch(std::uint64_t connection_id, protocol::Responder respond);
  void connection_closed(std::uint64_t connection_id);

  void create_seek(LobbyCaller caller, GameSettings settings);
  void cancel_seek(LobbyCaller caller, std::int64_t seek);
  void accept_seek(LobbyCaller caller, std::int64_t seek);
  // Quick play: the caller meets the longest-waiting compatible player, or waits.
  void join_automatch(LobbyCaller caller, GameSettings settings);
  void leave_automatch(LobbyCaller caller);
  void challenge(LobbyCaller caller, std::string to_name_key, GameSettings settings);
  void accept_challenge(LobbyCaller caller, std::int64_t challenge);
  void decline_challenge(LobbyCaller caller, std::int64_t challenge, std::optional<std::string> reason);
  // A line in the lobby's chat: to every watcher, and kept among the newest
  // chat_history lines (in memory only: a restart clears it). Mute and rate
  // are checked by the caller.
  void chat(LobbyCaller caller, std::string text, std::int64_t now_ms);

  // Games, from the game starter and the rooms. `reserved`: the game comes
  // from an acceptance here, which already counted it for both players.
  void game_started(const protocol::LobbyGame& entry, UserId black, UserId white, bool reserved);
  // An accepted game that could not be created: its players' places are free again.
  void game_not_started(UserId black, UserId white);
  void game_changed(const protocol::LobbyGame& entry);
  void game_ended(GameId game);
  // Another node runs the game now: it stays listed, and that node tells of it from now on.
  void game_moved_away(GameId game);

  // --- A cluster's other nodes (lobby_peers.cpp).
  // What this lobby holds is told to `peers`; its seeks and challenges are
  // numbered from id_base + 1, a prefix of this node's own, so that any
  // node tells whose an id is. Before any seek or challenge.
  void attach_peers(LobbyPeers& peers, std::int64_t id_base, std::string origin);
  // What a node (`origin`) tells of its own.
  void peer_user(const std::string& origin, UserId user, const protocol::UserInfo& info, UserStatus status,
                 UserHolds holds);
  // The user signed in or out on one more or one fewer connection here, still online: the other nodes hear the
  // count.
  void user_connections_changed(UserId user);
  void peer_user_left(const std::string& origin, UserId user);
  void peer_seek(const std::string& origin, const protocol::SeekInfo& seek, UserId owner);
  void peer_seek_removed(std::int64_t seek);
  void peer_game(const std::string& origin, const protocol::LobbyGame& entry, UserId black, UserId white);
  void peer_game_removed(GameId game);
  void peer_chat(const protocol::LobbyChatLine& line);
  void peer_automatch(const std::string& origin, UserId user, const protocol::UserInfo& info,
                      const GameSettings& settings);
  void peer_automatch_left(const std::string& origin, UserId user);
  // Quick play across the nodes (lobby_automatch.cpp): a player of another
  // node is paired with `partner`, who waits here, or told (conflict) that
  // the partner waits no more.
  void take_automatch(LobbyCaller caller, UserId partner, GameSettings settings);
  // The node tells everything it holds again; whatever of it is not told
  // again by the end was missed going away (NATS delivers at most once).
  void peer_everything_begins(const std::string& origin);
  void peer_everything_ends(const std::string& origin);
  // The node is gone: its users and seeks leave. Its games stay listed for
  // the node that takes them over, which tells them again.
  void peer_gone(const std::string& origin);
  // Tells the peers all this node holds: a node came, or this one is back on the bus.
  void tell_peers_everything();

 private:
  struct ListedUser {
    protocol::UserInfo info;
    int playing = 0;
    std::set<GameId> watching;
    UserStatus status() const { return status_of(playing, static_cast<int>(watching.size())); }
  };
  struct OpenSeek {
    protocol::SeekInfo info;
    UserId owner = 0;
    std::string origin;  // the node that holds it; empty: this one
  };
  // A user as another node shows them.
  struct PeerUser {
    protocol::UserInfo info;
    UserStatus status = UserStatus::idle;
    std::string name_key;
    std::size_t challenges = 0;  // pending challenges they sent from that node
  };
  struct PendingChallenge {
    protocol::ChallengeInfo info;
    UserId from = 0;
    UserId to = 0;
  };
  struct AutomatchEntry {
    UserId user = 0;
    GameSettings settings;
  };
  // A player waiting on another node.
  struct PeerAutomatch {
    std::string origin;
    UserId user = 0;
    protocol::UserInfo info;
    GameSettings settings;
  };
  struct ListedGame {
    protocol::LobbyGame entry;
    UserId black = 0;
    UserId white = 0;
    bool here = true;    // this node runs it
    std::string origin;  // the node that told of it, when another one runs it
  };
  // What a node showed here when it began to tell everything again, and has not told again yet.
  struct Unconfirmed {
    std::set<UserId> users;
    std::set<std::int64_t> seeks;
    std::set<GameId> games;
    std::set<UserId> waiting;
  };

  template <class Fn>
  void on_strand(Fn fn);
  // For what every move says (game_changed): run after the caller's handler,
  // on its thread, without waking the other io thread. Not for what must
  // be seen before something the caller sends next, such as a game's end
  // before its game.end reaches another node: a deferred call waits for the
  // caller's handler to finish, while a post starts at once.
  template <class Fn>
  void on_strand_after_caller(Fn fn);
  // Builds the event only when someone watches: a move changes a listed
  // game, and encoding it for nobody cost about 5 % of the server's CPU.
  template <class Build>
  void publish(Build build) const {
    if (watchers_.empty()) return;
    const protocol::Frame frame = build();
    for (const auto& [id, connection] : watchers_) connection->send(frame);
  }
  // A user of this node changed: the peers hear it, the watchers see the user as every node shows them.
  void publish_user(UserId user);
  void show_user(UserId user);
  // Gone from every node: lobby.user_left, else the user as the nodes still show them.
  void show_user_or_left(UserId user, const std::string& name);
  // The node no longer shows the user.
  void forget_peer_user(const std::string& origin, UserId user);
  // What the node shows here, and its removal.
  Unconfirmed shown_by(const std::string& origin) const;
  void forget(const std::string& origin, const Unconfirmed& gone);
  std::optional<protocol::LobbyUser> shown_user(UserId user) const;
  // An online user by name key, on this node or another one.
  std::optional<session::OnlineUser> find_by_name_key(const std::string& name_key) const;
  // To the user's connections here and on the other nodes.
  void send_to_user(UserId user, const protocol::Frame& frame) const;
  // Listed (counted and shown as playing) once, however many nodes tell of it.
  // `origin`: the node that tells of it, empty when this one runs it.
  void list_game(const protocol::LobbyGame& entry, UserId black, UserId white, bool counted, const std::string& origin);
  void unlist_game(GameId game);
  // To the watchers here, and kept among the newest lines.
  void show_chat(protocol::LobbyChatLine line);
  void set_playing(UserId user, int delta);
  void remove_seek(std::int64_t seek);
  void drop_challenges_of(UserId user);
  Contender contender(const session::OnlineUser& user) const;
  std::size_t seeks_of(UserId user) const;
  // Pending challenges the user sent, from this node and from every other.
  std::size_t challenges_from(UserId user) const;
  std::size_t challenges_here(UserId user) const;
  std::size_t games_of(UserId user) const;
  void count_game(UserId user, int delta);
  UserHolds holds_of(UserId user) const;
  // The other nodes hear what a user of this node holds now.
  void tell_holds(UserId user);
  // The rated games listed here of the game's players go up or down by one.
  void count_rated(const ListedGame& game, int delta);
  // Whether the caller may open another seek or challenge: false (and the error replied) at a cap.
  bool may_offer_game(const LobbyCaller& caller) const;
  LobbySnapshot snapshot() const;
  // The waiting player the caller can be paired with now (the entry and the
  // player as found online then), if any.
  std::optional<std::pair<std::vector<AutomatchEntry>::iterator, session::OnlineUser>> automatch_partner(
      const session::OnlineUser& caller, const GameSettings& settings);
  void drop_automatch(UserId user);
  // The caller waits here from now on (the answer: queued), and the other nodes hear of it.
  void queue_automatch(const LobbyCaller& caller, const GameSettings& settings);
  // A player waiting on another node the caller can be paired with (taken off the list), if any.
  std::optional<PeerAutomatch> peer_automatch_partner(const session::OnlineUser& caller, const GameSettings& settings);
  // Pairs the caller with a player waiting on another node; back to waiting here when that fails.
  void pair_elsewhere(const LobbyCaller& caller, const PeerAutomatch& partner);
  void elsewhere_answered(const LobbyCaller& caller, const PeerAutomatch& partner, PairAnswer answer);
  // A waiting player got their game: the other nodes stop offering them.
  void automatch_paired(UserId user);
  // Plans and starts; false (and the error replied) when refused.
  bool start(const LobbyCaller& acceptor, const session::OnlineUser& creator, const GameSettings& settings);

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  session::OnlineUsers& online_;
  game::GameRegistry& games_;
  session::AppMetrics& metrics_;
  PlanRules rules_;
  Coin coin_;
  LobbyLimits limits_;
  StartGame start_game_;
  LobbyPeers* peers_ = &no_peers();
  std::map<UserId, ListedUser> users_;                            // online on this node
  std::map<UserId, std::map<std::string, PeerUser>> peer_users_;  // online on other nodes, by node
  std::map<std::int64_t, OpenSeek> seeks_;
  std::map<std::int64_t, PendingChallenge> challenges_;
  std::map<GameId, ListedGame> games_listed_;
  std::deque<protocol::LobbyChatLine> chat_;        // oldest first, at most limits_.chat_history
  std::vector<AutomatchEntry> automatch_;           // one per user, the longest waiting first
  std::vector<PeerAutomatch> peer_automatch_;       // the other nodes' waiting players, in the order heard
  std::string origin_;                              // this node's name in a cluster
  std::set<UserId> pairing_elsewhere_;              // this node's players being paired on another node
  std::map<std::string, Unconfirmed> unconfirmed_;  // by node, while it tells everything again
  std::map<std::uint64_t, net::ConnectionPtr> watchers_;
  // Games in progress and games accepted but still being created, per player.
  std::map<UserId, std::size_t> games_per_user_;
  // Rated games in games_listed_ per player: contender() asks for each waiting player of a quick play.
  std::map<UserId, int> rated_listed_;
  std::int64_t next_seek_ = 1;
  std::int64_t next_challenge_ = 1;
};

template <class Fn>
void Lobby::on_strand(Fn fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable { fn(*self); });
}

template <class Fn>
void Lobby::on_strand_after_caller(Fn fn) {
  boost::asio::defer(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable { fn(*self); });
}

}  // namespace yunzi::lobby
