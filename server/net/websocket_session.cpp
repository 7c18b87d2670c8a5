#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket/error.hpp>
#include <exception>

#include "server/net/continuation.hpp"

namespace yunzi::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kMaxCloseReasonBytes = 123;  // RFC 6455: 125-byte control payload
// The most a read asks for at once: what an idle connection holds for its
// pending read (see do_read).
constexpr std::size_t read_part_bytes = 512;

// Codes a peer may legally receive (RFC 6455 section 7.4); anything else
// becomes a plain normal closure.
std::uint16_t sendable_close_code(std::uint16_t code) {
  const bool valid = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
  return valid ? code : close_code::normal;
}

// The completion of a connection's own read, write or ping: the member it
// calls, holding the session alive, marked to run on the starting thread.
template <class Member>
auto own_completion(Member member, std::shared_ptr<WebSocketSession> self) {
  return continuation(beast::bind_front_handler(member, std::move(self)));
}

// Cut to the control frame limit without splitting a UTF-8 sequence.
std::string close_reason_text(std::string reason) {
  if (reason.size() <= kMaxCloseReasonBytes) return reason;
  std::size_t cut = kMaxCloseReasonBytes;
  while (cut > 0 && (static_cast<unsigned char>(reason[cut]) & 0xC0) == 0x80) --cut;
  reason.resize(cut);
  return reason;
}

}  // namespace

WebSocketSession::WebSocketSession(ConnectionSocket&& socket, SessionContext& context, std::string remote_address,
                                   std::string peer_address, AddressSlot slot)
    : ws_(std::move(socket)),
      context_(context),
      id_(context.next_connection_id.fetch_add(1)),
      remote_address_(std::move(remote_address)),
      peer_address_(std::move(peer_address)),
      address_slot_(std::move(slot)),
      queue_(context.config.send_queue_frames, context.config.send_queue_bytes),
      limiter_(context.config.messages_per_second, context.config.message_burst, context.config.flood_rejections,
               context.config.flood_window, SteadyClock::now()),
      timer_(ws_.get_executor()) {}

void WebSocketSession::run(beast::http::request<beast::http::string_body> upgrade) {
  const NetConfig& config = context_.config;
  // The HTTP timeout no longer applies: the websocket stream keeps its own.
  beast::get_lowest_layer(ws_).expires_never();
  // Beast's idle timeout stays off: it fires idle_timeout after the open
  // whatever the peer sent meanwhile (without keep-alive pings nothing pushes
  // it back), and it drops the socket without a close frame. Our own pings
  // keep a live client talking and measure round trips; timer_ watches
  // for silence.
  ws_.set_option(websocket::stream_base::timeout{config.handshake_timeout, websocket::stream_base::none(), false});
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "yunzi"); }));
  ws_.read_message_max(config.max_frame_bytes);
  ws_.auto_fragment(false);
  ws_.control_callback([this](websocket::frame_type kind, beast::string_view payload) {
    heard_from_peer();
    if (kind == websocket::frame_type::pong) on_pong(payload);
  });
  ws_.async_accept(upgrade, beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return finish(ec);
  opened_ = true;
  context_.metrics.connections_open.Increment();
  context_.metrics.connections_total.Increment();
  context_.registry.add(shared_from_this());
  // Read right after registering, before the application hears of the
  // connection: a shutdown that starts later saw this session in its
  // snapshot and closes it through the strand, after whatever the
  // application sent it first (the restart notice). Read after on_open,
  // the flag could close the session ahead of frames already posted to it.
  const bool shutting_down = context_.shutting_down.load();
  // The line that ties a connection id (in the application's lines) to an address.
  if (remote_address_ == peer_address_) {
    spdlog::info("net: opened conn={} remote={}", id_, remote_address_);
  } else {
    spdlog::info("net: opened conn={} remote={} via={}", id_, remote_address_, peer_address_);
  }
  try {
    application_ = context_.handler.on_open(shared_from_this());
  } catch (const std::exception& e) {
    spdlog::error("net: on_open failed conn={} error={}", id_, e.what());
    start_close(close_code::internal_error, "internal error");
  }
  // Registered before the flag was read: shutdown either saw this session or we saw its flag.
  // Posted, so what on_open sent goes out before the close frame.
  if (shutting_down) close(close_code::service_restart, "service restart");
  heard_from_peer();
  do_ping();
  arm_timer();
  do_read();
}

void WebSocketSession::do_read() {
  // A part at a time, each at most read_part_bytes: a whole-message read asks
  // for 1.5 KB up front, which every idle connection would then hold while
  // it waits. Nearly every request fits in one part.
  ws_.async_read_some(buffer_, read_part_bytes, own_completion(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big) context_.metrics.closed_too_big.Increment();
    return finish(ec);
  }
  heard_from_peer();
  if (!ws_.is_message_done()) return do_read();
  on_message(buffer_.size());
  do_read();
}

void WebSocketSession::on_message(std::size_t bytes) {
  context_.metrics.frames_in.Increment();
  context_.metrics.bytes_in.Increment(static_cast<double>(bytes));
  std::string text = buffer_.take();
  // A closing session keeps reading only to see the peer's close frame.
  if (!closing_) {
    if (!ws_.got_text()) {
      start_close(close_code::unsupported_data, "text frames only");
    } else {
      switch (limiter_.on_message(SteadyClock::now())) {
        case RateVerdict::allowed: deliver(std::move(text), false); break;
        case RateVerdict::limited:
          context_.metrics.messages_rate_limited.Increment();
          deliver(std::move(text), true);
          break;
        case RateVerdict::flood:
          context_.metrics.closed_flood.Increment();
          spdlog::warn("net: message flood conn={} remote={}", id_, remote_address_);
          start_close(close_code::policy, "message flood");
          break;
      }
    }
  }
}

void WebSocketSession::deliver(std::string text, bool over_rate_limit) {
  try {
    if (application_) application_->on_message(std::move(text), over_rate_limit);
  } catch (const std::exception& e) {
    spdlog::error("net: on_message failed conn={} error={}", id_, e.what());
    start_close(close_code::internal_error, "internal error");
  }
}

void WebSocketSession::send(std::shared_ptr<const std::string> frame) {
  asio::post(ws_.get_executor(),
             [self = shared_from_this(), frame = std::move(frame)]() mutable { self->enqueue(std::move(frame)); });
}

void WebSocketSession::enqueue(std::shared_ptr<const std::string> frame) {
  if (closing_ || finished_) return;
  if (!queue_.push(std::move(frame))) {
    context_.metrics.closed_overflow.Increment();
    spdlog::warn("net: send queue overflow conn={} remote={} frames={} bytes={}", id_, remote_address_, queue_.size(),
                 queue_.bytes());
    // The backlog is stale for a client this far behind; only the frame a
    // write may be using stays.
    queue_.drop_all_but_front();
    start_close(close_code::policy, "send queue overflow");
    return;
  }
  if (!writing_) do_write();
}

void WebSocketSession::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(asio::buffer(queue_.front()), own_completion(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t bytes) {
  writing_ = false;
  if (ec) {
    // The read side notices the dead socket and finishes the session.
    beast::get_lowest_layer(ws_).close();
    return;
  }
  context_.metrics.frames_out.Increment();
  context_.metrics.bytes_out.Increment(static_cast<double>(bytes));
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (closing_) send_close_when_flushed();
}

void WebSocketSession::close(std::uint16_t code, std::string reason) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)]() mutable {
    self->start_close(code, std::move(reason));
  });
}

void WebSocketSession::abort() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] { beast::get_lowest_layer(self->ws_).close(); });
}

void WebSocketSession::start_close(std::uint16_t code, std::string reason) {
  if (closing_ || finished_) return;
  closing_ = true;
  if (sendable_close_code(code) != code) spdlog::warn("net: close code {} cannot be sent conn={}", code, id_);
  close_code_ = sendable_close_code(code);
  close_text_ = close_reason_text(std::move(reason));
  // A peer that does not read would keep the flush and the close handshake
  // waiting forever; past the deadline the socket is simply shut. No more
  // pings or idle checks from here.
  close_deadline_ = SteadyClock::now() + context_.config.close_timeout;
  arm_timer();
  send_close_when_flushed();
}

void WebSocketSession::send_close_when_flushed() {
  // Beast allows one close at a time and no close while our ping is being written.
  if (close_sent_ || writing_ || ping_writing_ || !queue_.empty() || finished_) return;
  close_sent_ = true;
  const websocket::close_reason reason(static_cast<websocket::close_code>(close_code_), close_text_);
  ws_.async_close(reason, [self = shared_from_this()](beast::error_code) {
    // The pending read completes with the peer's reply (or the error) and finishes.
  });
}

void WebSocketSession::do_ping() {
  if (closing_ || finished_) return;
  // A ping still unanswered is not repeated: its round trip is still measured.
  if (!pong_awaited_) {
    ping_sent_at_ = SteadyClock::now();
    pong_awaited_ = true;
    ping_writing_ = true;
    // Beast copies the payload into its frame before the call returns.
    ws_.async_ping(websocket::ping_data(std::to_string(++pings_sent_)),
                   own_completion(&WebSocketSession::on_ping_sent, shared_from_this()));
  }
  next_ping_at_ = SteadyClock::now() + context_.config.ping_interval;
}

void WebSocketSession::on_ping_sent(beast::error_code) {
  ping_writing_ = false;
  if (closing_) send_close_when_flushed();
}

void WebSocketSession::on_pong(beast::string_view payload) {
  if (!pong_awaited_ || payload != std::to_string(pings_sent_)) return;
  pong_awaited_ = false;
  rtt_.add(std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - ping_sent_at_));
  median_rtt_us_.store(rtt_.median()->count(), std::memory_order_relaxed);
}

void WebSocketSession::heard_from_peer() { last_heard_ = SteadyClock::now(); }

void WebSocketSession::arm_timer() {
  if (finished_) return;
  const auto due = closing_ ? close_deadline_ : std::min(next_ping_at_, last_heard_ + context_.config.idle_timeout);
  // Setting the expiry aborts the wait before it, so one wait is ever live.
  timer_.expires_at(due);
  timer_.async_wait(beast::bind_front_handler(&WebSocketSession::on_timer, shared_from_this()));
}

void WebSocketSession::on_timer(beast::error_code ec) {
  if (ec == asio::error::operation_aborted || finished_) return;
  // A wait that had already fired when the timer was set again still
  // completes without an error, so each case checks the time itself.
  const auto now = SteadyClock::now();
  if (closing_) {
    if (now < close_deadline_) return arm_timer();
    spdlog::info("net: close deadline passed conn={} remote={}", id_, remote_address_);
    beast::get_lowest_layer(ws_).close();
    return;
  }
  // Frames heard since the timer was set moved the idle deadline on.
  if (now - last_heard_ >= context_.config.idle_timeout) {
    context_.metrics.closed_idle.Increment();
    spdlog::info("net: idle timeout conn={} remote={}", id_, remote_address_);
    return start_close(close_code::going_away, "idle timeout");
  }
  if (now >= next_ping_at_) do_ping();
  arm_timer();
}

std::optional<std::chrono::microseconds> WebSocketSession::median_rtt() const {
  const std::int64_t us = median_rtt_us_.load(std::memory_order_relaxed);
  if (us < 0) return std::nullopt;
  return std::chrono::microseconds(us);
}

void WebSocketSession::finish(beast::error_code ec) {
  if (finished_) return;
  finished_ = true;
  timer_.cancel();
  beast::get_lowest_layer(ws_).close();
  // The address may connect again at once, not only when the last handler lets go of this session.
  address_slot_.reset();
  if (!opened_) return;
  context_.metrics.connections_open.Decrement();
  spdlog::debug("net: closed conn={} remote={} reason={}", id_, remote_address_, ec.message());
  // Let go of, since the application's side holds this connection too.
  const std::shared_ptr<ConnectionHandler> application = std::move(application_);
  try {
    if (application) application->on_close();
  } catch (const std::exception& e) {
    spdlog::error("net: on_close failed conn={} error={}", id_, e.what());
  }
  // Last, so shutdown's wait ends only after the application heard of it.
  context_.registry.remove(id_);
}

}  // namespace yunzi::net
