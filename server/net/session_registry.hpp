// The open WebSocket sessions (internal to server/net), so shutdown can reach every one of them and
// wait until all are gone. Guarded by a mutex: it is touched only when a
// connection opens or closes, never per message.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "server/net/connection.hpp"

namespace yunzi::net {

class WebSocketSession;
using SessionPtr = std::shared_ptr<WebSocketSession>;

class SessionRegistry {
 public:
  void add(const SessionPtr& session);
  void remove(std::uint64_t id);
  std::vector<SessionPtr> snapshot() const;
  std::size_t size() const;
  // True when the registry became empty before the timeout.
  bool wait_empty(std::chrono::milliseconds timeout);

 private:
  mutable std::mutex mutex_;
  std::condition_variable emptied_;
  std::unordered_map<std::uint64_t, std::weak_ptr<WebSocketSession>> sessions_;
};

}  // namespace yunzi::net
