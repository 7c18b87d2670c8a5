#include "server/session/session.hpp"

#include <cassert>
#include <exception>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

namespace yunzi::session {

// Where the answer to one request of a session goes. Runs on the thread that
// answers; the session itself is told on its strand.
class Session::Answers final : public protocol::Responder::Channel {
 public:
  Answers(const std::shared_ptr<Session>& session, std::uint64_t request)
      : session_(session), connection_(session->connection_), metrics_(session->metrics_), request_(request) {}

  void answered(protocol::Frame frame, std::optional<protocol::ErrorCode> error) override {
    connection_->send(std::move(frame));
    if (error) metrics_.count_error(*error);
    if (auto session = session_.lock()) {
      session->post([request = request_](Session& s) { s.on_answered(request); });
    }
  }

  // The session closed first (nobody waits any more), or a bug lost the
  // request: the client still gets its one reply and the next request runs.
  void dropped(const protocol::RequestId& id) override {
    auto session = session_.lock();
    if (!session) return;
    // Also safe while the io_context shuts down: a handler posted then is destroyed unrun.
    session->post([request = request_, id](Session& s) {
      if (s.closed || request != s.current_) return;
      spdlog::warn("request dropped unanswered connection={} id={}", s.id(), id ? std::to_string(*id) : "none");
      s.connection_->send(protocol::encode_error(id, protocol::ErrorCode::internal, "the request was not answered"));
      s.metrics_.count_error(protocol::ErrorCode::internal);
      s.on_answered(request);
    });
  }

  void answered_again(const protocol::RequestId& id) override {
    spdlog::error("request answered twice, the second answer dropped connection={} id={}", connection_->id(),
                  id ? std::to_string(*id) : "none");
    assert(!"a request is answered once");
  }

 private:
  std::weak_ptr<Session> session_;
  net::ConnectionPtr connection_;
  AppMetrics& metrics_;
  std::uint64_t request_;
};

Session::Session(Strand strand, const net::ConnectionPtr& connection, AppMetrics& metrics, Dispatch dispatch)
    : strand_(std::move(strand)), connection_(connection), dispatch_(std::move(dispatch)), metrics_(metrics) {}

std::shared_ptr<Session> Session::create(boost::asio::io_context& io, const net::ConnectionPtr& raw,
                                         AppMetrics& metrics, Dispatch dispatch) {
  // On the connection's own strand a message is handled where it was read,
  // and a reply and the answer's bookkeeping run back to back on that strand:
  // two fewer hand-overs between threads per request (bench/LOG.md,
  // "The session on its connection's strand").
  auto own = raw->strand();
  Strand strand = own ? std::move(*own) : boost::asio::make_strand(io);
  return std::shared_ptr<Session>(new Session(std::move(strand), raw, metrics, std::move(dispatch)));
}

void Session::post(std::function<void(Session&)> fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(*self); });
}

void Session::when_closed(std::string_view name, std::function<void(Session&)> cleanup) {
  if (closed) return cleanup(*this);
  for (auto& [registered, earlier] : cleanups_) {
    if (registered == name) {
      earlier = std::move(cleanup);
      return;
    }
  }
  cleanups_.emplace_back(std::string(name), std::move(cleanup));
}

void Session::close() {
  boost::asio::dispatch(strand_, [self = shared_from_this()] {
    if (self->closed) return;
    self->closed = true;
    self->has_closed_.store(true, std::memory_order_release);
    self->waiting_.clear();
    for (auto& [name, cleanup] : std::exchange(self->cleanups_, {})) cleanup(*self);
  });
}

void Session::receive(std::string text, bool over_rate_limit) {
  // Runs at once when called on the strand: the connection's read handler.
  boost::asio::dispatch(strand_, [self = shared_from_this(), text = std::move(text), over_rate_limit]() mutable {
    Session& s = *self;
    if (s.closed) return;
    if (s.waiting_.size() >= max_waiting) {
      s.connection_->close(net::close_code::policy, "too many requests waiting");
      return;
    }
    s.waiting_.push_back({std::move(text), over_rate_limit});
    s.start_next();
  });
}

protocol::Responder Session::responder(protocol::RequestId id) {
  return protocol::Responder(id, std::make_shared<Answers>(shared_from_this(), current_));
}

void Session::on_answered(std::uint64_t request) {
  if (!in_flight_ || request != current_) return;
  if (timing_move_) {
    timing_move_ = false;
    metrics_.move_latency.Observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
  }
  in_flight_ = false;
  start_next();
}

void Session::start_next() {
  if (in_flight_ || waiting_.empty() || closed) return;
  auto [text, over_rate_limit] = std::move(waiting_.front());
  waiting_.pop_front();
  in_flight_ = true;
  ++current_;
  started_ = std::chrono::steady_clock::now();
  // A request started from the read handler and one started after the
  // previous answer end the same way when a handler throws: logged, and its
  // Responder, dropped unanswered, answers `internal`.
  try {
    dispatch_(shared_from_this(), std::move(text), over_rate_limit);
  } catch (const std::exception& e) {
    spdlog::error("request failed connection={} error={}", id(), e.what());
  }
}

}  // namespace yunzi::session
