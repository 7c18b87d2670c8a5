// A completion handler marked as the continuation of the handler that starts its operation (internal to server/net):
// an operation that completes at once then has its completion queued on the starting thread instead of waking
// another io thread (server/net/README.md, "WebSocket rules"). The wrapper does not pass on the handler's associated
// executor or allocator: only for handlers that have none (the stream's executor then runs them).
#pragma once

#include <type_traits>
#include <utility>

namespace yunzi::net {

template <class Handler>
class Continuation {
 public:
  explicit Continuation(Handler handler) : handler_(std::move(handler)) {}

  template <class... Args>
  void operator()(Args&&... args) {
    handler_(std::forward<Args>(args)...);
  }

  // Asio's hook, found by argument-dependent lookup.
  friend bool asio_handler_is_continuation(Continuation*) { return true; }

 private:
  Handler handler_;
};

template <class Handler>
Continuation<std::decay_t<Handler>> continuation(Handler&& handler) {
  return Continuation<std::decay_t<Handler>>(std::forward<Handler>(handler));
}

}  // namespace yunzi::net
