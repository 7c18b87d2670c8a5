// Every open session and, for logged-in ones, whose it is: the user's
// current public face (name, rank, role), mute, and their sessions. Used to
// reach a user (challenges, rank changes, kick), everyone (broadcast,
// shutdown notice) and to answer `online`. Thread-safe: one mutex.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/records.hpp"
#include "protocol/payload_json.hpp"
#include "server/session/session.hpp"

namespace yunzi::session {

struct OnlineUser {
  UserId id = 0;
  protocol::UserInfo info;
  std::optional<TimeMs> muted_until;
};

class OnlineUsers {
 public:
  // The registry holds each open session from its connection's open (on the
  // session's strand) to its close, when the session's cleanup removes it.
  void add_session(const SessionPtr& session);

  // Returns how many sessions the user has now (1: they just came online),
  // or nullopt (and nothing changed) when the user already has max_sessions,
  // here and on the other nodes of a cluster together. Counted and added
  // under one lock: sign-ins racing from many connections to this node
  // cannot pass the cap together (to several nodes at once they may, by the
  // few milliseconds the nodes take to hear of each other).
  std::optional<std::size_t> sign_in(const OnlineUser& user, const SessionPtr& session, std::size_t max_sessions);
  // Returns how many sessions the user still has (0: they went offline).
  std::size_t sign_out(UserId user, std::uint64_t session_id);

  std::optional<OnlineUser> find(UserId user) const;
  // name_key: the name with ASCII letters folded (accounts' uniqueness key).
  std::optional<OnlineUser> find_by_name_key(const std::string& name_key) const;
  bool is_online(UserId user) const;
  // Signed in on another node of a cluster, as those nodes last told.
  bool is_online_elsewhere(UserId user) const;
  // Whether the user, online, is muted at `now` (chat and messages are refused).
  bool is_muted(UserId user, TimeMs now) const;
  void update_info(UserId user, const protocol::UserInfo& info);
  void update_mute(UserId user, std::optional<TimeMs> muted_until);

  std::vector<SessionPtr> sessions_of(UserId user) const;
  std::vector<net::ConnectionPtr> connections_of(UserId user) const;
  std::vector<SessionPtr> all_sessions() const;
  // The open session of that connection, if any.
  SessionPtr session(std::uint64_t connection_id) const;
  std::size_t session_count() const;
  // The user's signed-in sessions on this node.
  std::size_t connection_count(UserId user) const;
  // The user's signed-in connections on another node of a cluster, as that node last told (0: none).
  void set_elsewhere(UserId user, const std::string& node, std::size_t connections);

  void send_to_user(UserId user, const protocol::Frame& frame) const;
  void send_to_all(const protocol::Frame& frame) const;

 private:
  struct Entry {
    OnlineUser user;
    std::map<std::uint64_t, std::weak_ptr<Session>> sessions;
  };
  mutable std::mutex mutex_;
  // Hashed: every message looks its session up, and every game request its
  // user's mute, among thousands (a tree walk missed the cache at each level).
  std::unordered_map<std::uint64_t, SessionPtr> sessions_;  // every open session, by connection id
  std::unordered_map<UserId, Entry> users_;
  std::map<UserId, std::map<std::string, std::size_t>> elsewhere_;  // by user, then node
};

// A stored account as the wire shows it.
protocol::UserInfo user_info(const db::UserRecord& user);

// ASCII letters folded, the way account names are compared.
std::string fold_name(std::string_view name);

}  // namespace yunzi::session
