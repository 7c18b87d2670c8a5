// A completion handler marked as the continuation of the handler that starts
// its operation (internal to server/net). When the operation completes at
// once (a write the socket takes whole, a read whose bytes are already
// there), Asio then queues the completion on the starting thread, to run
// after the current handler, instead of waking another io thread for it (a
// system call or two and a context switch). The strand still runs the
// completion; only the choice of thread changes. The wrapper does not pass
// on the handler's associated executor or allocator, so it is for handlers
// that have none (the stream's executor then runs them).
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
