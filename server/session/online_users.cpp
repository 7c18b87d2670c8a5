#include "server/session/online_users.hpp"

namespace yunzi::session {

std::string fold_name(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

void OnlineUsers::add_session(const SessionPtr& session) {
  {
    std::lock_guard lock(mutex_);
    sessions_[session->id()] = session;
  }
  session->when_closed("online", [this](Session& closed) {
    std::lock_guard lock(mutex_);
    sessions_.erase(closed.id());
  });
}

std::optional<std::size_t> OnlineUsers::sign_in(const OnlineUser& user, const SessionPtr& session,
                                                std::size_t max_sessions) {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user.id);
  const bool again = it != users_.end() && it->second.sessions.contains(session->id());
  if (!again) {
    std::size_t held = it == users_.end() ? 0 : it->second.sessions.size();
    if (auto other = elsewhere_.find(user.id); other != elsewhere_.end()) {
      for (const auto& [node, connections] : other->second) held += connections;
    }
    if (held >= max_sessions) return std::nullopt;
  }
  Entry& entry = users_[user.id];
  entry.user = user;
  entry.sessions[session->id()] = session;
  return entry.sessions.size();
}

std::size_t OnlineUsers::sign_out(UserId user, std::uint64_t session_id) {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end()) return 0;
  it->second.sessions.erase(session_id);
  const std::size_t left = it->second.sessions.size();
  if (left == 0) users_.erase(it);
  return left;
}

std::size_t OnlineUsers::connection_count(UserId user) const {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  return it == users_.end() ? 0 : it->second.sessions.size();
}

void OnlineUsers::set_elsewhere(UserId user, const std::string& node, std::size_t connections) {
  std::lock_guard lock(mutex_);
  if (connections > 0) {
    elsewhere_[user][node] = connections;
    return;
  }
  auto it = elsewhere_.find(user);
  if (it == elsewhere_.end()) return;
  it->second.erase(node);
  if (it->second.empty()) elsewhere_.erase(it);
}

std::optional<OnlineUser> OnlineUsers::find(UserId user) const {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end()) return std::nullopt;
  return it->second.user;
}

std::optional<OnlineUser> OnlineUsers::find_by_name_key(const std::string& name_key) const {
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : users_) {
    if (fold_name(entry.user.info.name) == name_key) return entry.user;
  }
  return std::nullopt;
}

bool OnlineUsers::is_muted(UserId user, TimeMs now) const {
  std::lock_guard lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end()) return false;
  const auto& muted_until = it->second.user.muted_until;
  return muted_until && *muted_until > now;
}

bool OnlineUsers::is_online(UserId user) const {
  std::lock_guard lock(mutex_);
  return users_.contains(user);
}

bool OnlineUsers::is_online_elsewhere(UserId user) const {
  std::lock_guard lock(mutex_);
  return elsewhere_.contains(user);
}

void OnlineUsers::update_info(UserId user, const protocol::UserInfo& info) {
  std::lock_guard lock(mutex_);
  if (auto it = users_.find(user); it != users_.end()) it->second.user.info = info;
}

void OnlineUsers::update_mute(UserId user, std::optional<TimeMs> muted_until) {
  std::lock_guard lock(mutex_);
  if (auto it = users_.find(user); it != users_.end()) it->second.user.muted_until = muted_until;
}

std::vector<SessionPtr> OnlineUsers::sessions_of(UserId user) const {
  std::lock_guard lock(mutex_);
  std::vector<SessionPtr> out;
  if (auto it = users_.find(user); it != users_.end()) {
    for (const auto& [id, weak] : it->second.sessions) {
      if (auto session = weak.lock()) out.push_back(std::move(session));
    }
  }
  return out;
}

std::vector<net::ConnectionPtr> OnlineUsers::connections_of(UserId user) const {
  std::vector<net::ConnectionPtr> out;
  for (const SessionPtr& session : sessions_of(user)) out.push_back(session->connection());
  return out;
}

std::vector<SessionPtr> OnlineUsers::all_sessions() const {
  std::lock_guard lock(mutex_);
  std::vector<SessionPtr> out;
  out.reserve(sessions_.size());
  for (const auto& [id, session] : sessions_) out.push_back(session);
  return out;
}

SessionPtr OnlineUsers::session(std::uint64_t connection_id) const {
  std::lock_guard lock(mutex_);
  const auto found = sessions_.find(connection_id);
  return found == sessions_.end() ? nullptr : found->second;
}

std::size_t OnlineUsers::session_count() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

void OnlineUsers::send_to_user(UserId user, const protocol::Frame& frame) const {
  for (const net::ConnectionPtr& connection : connections_of(user)) connection->send(frame);
}

void OnlineUsers::send_to_all(const protocol::Frame& frame) const {
  for (const SessionPtr& session : all_sessions()) session->connection()->send(frame);
}

protocol::UserInfo user_info(const db::UserRecord& user) { return protocol::UserInfo{user.name, user.rank, user.role}; }

}  // namespace yunzi::session
