#include "server/app/session.hpp"

#include <boost/asio/post.hpp>

#include "server/app/reply_tap.hpp"

namespace yunzi::app {

Session::Session(boost::asio::io_context& io, AppMetrics& metrics, Dispatch dispatch)
    : strand_(boost::asio::make_strand(io)), dispatch_(std::move(dispatch)), metrics_(metrics) {}

std::shared_ptr<Session> Session::create(boost::asio::io_context& io, const net::ConnectionPtr& raw,
                                         AppMetrics& metrics, Dispatch dispatch) {
  std::shared_ptr<Session> session(new Session(io, metrics, std::move(dispatch)));
  std::weak_ptr<Session> weak = session;
  session->connection_ = std::make_shared<ReplyTap>(raw, metrics, [weak] {
    if (auto alive = weak.lock()) alive->post([](Session& s) { s.on_reply_sent(); });
  });
  return session;
}

void Session::post(std::function<void(Session&)> fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(*self); });
}

void Session::receive(std::string text, bool over_rate_limit) {
  post([text = std::move(text), over_rate_limit](Session& s) mutable {
    if (s.closed) return;
    if (s.waiting_.size() >= max_waiting) {
      s.connection_->close(net::close_code::policy, "too many requests waiting");
      return;
    }
    s.waiting_.emplace_back(std::move(text), over_rate_limit);
    s.start_next();
  });
}

void Session::on_reply_sent() {
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
  started_ = std::chrono::steady_clock::now();
  dispatch_(shared_from_this(), std::move(text), over_rate_limit);
}

}  // namespace yunzi::app
