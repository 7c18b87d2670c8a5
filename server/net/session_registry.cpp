#include "server/net/session_registry.hpp"

#include "server/net/websocket_session.hpp"

namespace yunzi::net {

void SessionRegistry::add(const SessionPtr& session) {
  std::lock_guard lock(mutex_);
  sessions_[session->id()] = session;
}

void SessionRegistry::remove(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  sessions_.erase(id);
  if (sessions_.empty()) emptied_.notify_all();
}

std::vector<SessionPtr> SessionRegistry::snapshot() const {
  std::lock_guard lock(mutex_);
  std::vector<SessionPtr> live;
  live.reserve(sessions_.size());
  for (const auto& [id, weak] : sessions_) {
    if (auto session = weak.lock()) live.push_back(std::move(session));
  }
  return live;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

bool SessionRegistry::wait_empty(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return emptied_.wait_for(lock, timeout, [this] { return sessions_.empty(); });
}

}  // namespace yunzi::net
