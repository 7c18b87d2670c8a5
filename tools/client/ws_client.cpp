#include "tools/client/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>

#include "tools/client/io_wait.hpp"

namespace yunzi::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kReadMessageMax = 64 * 1024 * 1024;
constexpr std::uint16_t kAbnormalClose = 1006;

SteadyClock::time_point deadline_after(Millis timeout) { return SteadyClock::now() + timeout; }

}  // namespace

struct WsClient::Impl {
  struct Frame {
    std::string text;
    Json json;  // discarded value when the text is not JSON
  };

  asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  std::deque<Frame> frames;
  std::string outgoing;  // alive while its write is in flight
  bool reading = false;
  std::optional<CloseInfo> closed;
  std::int64_t next_id = 1;

  void keep_reading();
  void on_read(beast::error_code ec);
  void mark_closed(beast::error_code ec);
  Expected<Done, std::string> write(std::string_view data, bool text, Millis timeout);
  // Waits until a queued frame satisfies take(), which removes and keeps it.
  template <class Take>
  Expected<Json, std::string> wait_for(Take&& take, Millis timeout, const std::string& what);
};

void WsClient::Impl::keep_reading() {
  if (reading || closed) return;
  reading = true;
  ws.async_read(buffer, [this](beast::error_code ec, std::size_t) { on_read(ec); });
}

void WsClient::Impl::on_read(beast::error_code ec) {
  reading = false;
  if (ec) return mark_closed(ec);
  Frame frame{beast::buffers_to_string(buffer.data()), Json()};
  buffer.consume(buffer.size());
  frame.json = Json::parse(frame.text, nullptr, false);
  frames.push_back(std::move(frame));
  keep_reading();
}

void WsClient::Impl::mark_closed(beast::error_code ec) {
  if (closed) return;
  // A close frame that arrived counts even when the teardown after it failed
  // (the server may already have shut its socket).
  if (ec == websocket::error::closed || ws.reason().code != websocket::close_code::none) {
    closed = CloseInfo{static_cast<std::uint16_t>(ws.reason().code), std::string(ws.reason().reason.c_str())};
  } else {
    closed = CloseInfo{kAbnormalClose, ec.message()};
  }
  beast::get_lowest_layer(ws).close();
}

Expected<Done, std::string> WsClient::Impl::write(std::string_view data, bool text, Millis timeout) {
  if (closed) return unexpected("connection closed (" + std::to_string(closed->code) + ")");
  keep_reading();  // answers pings and notices a close while the write waits
  outgoing.assign(data);
  bool done = false;
  beast::error_code result;
  ws.text(text);
  ws.async_write(asio::buffer(outgoing), [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  if (!run_until(
          io, [&] { return done; }, deadline_after(timeout))) {
    // A write still in flight would forbid the next one: give up on the connection.
    mark_closed(beast::error::timeout);
    run_until(
        io, [&] { return done; }, deadline_after(timeout));
    return unexpected(std::string("write timed out"));
  }
  if (result) {
    mark_closed(result);
    return unexpected("write failed: " + result.message());
  }
  return Done{};
}

template <class Take>
Expected<Json, std::string> WsClient::Impl::wait_for(Take&& take, Millis timeout, const std::string& what) {
  std::optional<Json> found;
  auto check = [&] {
    if (!found) found = take();
    return found.has_value() || closed.has_value();
  };
  keep_reading();
  run_until(io, check, deadline_after(timeout));
  if (found) return std::move(*found);
  if (closed)
    return unexpected("connection closed (" + std::to_string(closed->code) + " " + closed->reason +
                      ") while waiting for " + what);
  return unexpected("timed out waiting for " + what);
}

WsClient::WsClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

WsClient::~WsClient() {
  if (!impl_->closed) beast::get_lowest_layer(impl_->ws).close();
}

Expected<std::unique_ptr<WsClient>, std::string> WsClient::connect(const std::string& host, std::uint16_t port,
                                                                   const std::string& target, Millis timeout,
                                                                   HeaderFields headers) {
  auto impl = std::make_unique<Impl>();
  const auto deadline = deadline_after(timeout);
  tcp::resolver resolver(impl->io);
  beast::error_code ec;
  const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (ec) return unexpected("cannot resolve " + host + ": " + ec.message());

  bool done = false;
  auto& stream = beast::get_lowest_layer(impl->ws);
  stream.expires_at(deadline);
  stream.async_connect(endpoints, [&](beast::error_code result, const tcp::endpoint&) {
    done = true;
    ec = result;
  });
  run_until(
      impl->io, [&] { return done; }, SteadyClock::time_point::max());
  if (ec) return unexpected("cannot connect to " + host + ":" + std::to_string(port) + ": " + ec.message());

  stream.expires_never();
  websocket::stream_base::timeout options = websocket::stream_base::timeout::suggested(beast::role_type::client);
  options.handshake_timeout = timeout;
  impl->ws.set_option(options);
  impl->ws.read_message_max(kReadMessageMax);
  if (!headers.empty()) {
    auto add_headers = [headers = std::move(headers)](websocket::request_type& request) {
      for (const auto& [name, value] : headers) request.insert(name, value);
    };
    impl->ws.set_option(websocket::stream_base::decorator(std::move(add_headers)));
  }
  done = false;
  websocket::response_type response;
  impl->ws.async_handshake(response, host + ":" + std::to_string(port), target, [&](beast::error_code result) {
    done = true;
    ec = result;
  });
  run_until(
      impl->io, [&] { return done; }, SteadyClock::time_point::max());
  if (ec) {
    // A refused upgrade says why in its status (429: too many connections from this address).
    const std::string status =
        response.result_int() == 0 ? std::string() : " (HTTP " + std::to_string(response.result_int()) + ")";
    return unexpected("websocket handshake failed: " + ec.message() + status);
  }
  return std::unique_ptr<WsClient>(new WsClient(std::move(impl)));
}

Expected<Done, std::string> WsClient::send_json(const Json& message, Millis timeout) {
  return impl_->write(message.dump(), true, timeout);
}

Expected<Done, std::string> WsClient::send_text(std::string_view text, Millis timeout) {
  return impl_->write(text, true, timeout);
}

Expected<Done, std::string> WsClient::send_binary(std::string_view bytes, Millis timeout) {
  return impl_->write(bytes, false, timeout);
}

Expected<Json, std::string> WsClient::request(Json message, Millis timeout) {
  if (!message.is_object()) return unexpected(std::string("a request must be a JSON object"));
  const std::int64_t id = impl_->next_id++;
  message["id"] = id;
  if (auto sent = send_json(message, timeout); !sent) return unexpected(sent.error());
  auto take_reply = [&]() -> std::optional<Json> {
    for (auto it = impl_->frames.begin(); it != impl_->frames.end(); ++it) {
      const Json& json = it->json;
      if (json.is_object() && json.contains("re") && json["re"] == id) {
        Json reply = std::move(it->json);
        impl_->frames.erase(it);
        return reply;
      }
    }
    return std::nullopt;
  };
  return impl_->wait_for(take_reply, timeout, "the reply to id " + std::to_string(id));
}

Expected<std::string, std::string> WsClient::next_text(Millis timeout) {
  auto take_first = [&]() -> std::optional<Json> {
    if (impl_->frames.empty()) return std::nullopt;
    Json text = std::move(impl_->frames.front().text);
    impl_->frames.pop_front();
    return text;
  };
  auto text = impl_->wait_for(take_first, timeout, "a frame");
  if (!text) return unexpected(text.error());
  return text->get<std::string>();
}

Expected<Json, std::string> WsClient::next_event(Millis timeout) {
  auto text = next_text(timeout);
  if (!text) return unexpected(text.error());
  Json json = Json::parse(*text, nullptr, false);
  if (json.is_discarded()) return unexpected("frame is not JSON: " + text->substr(0, 200));
  return json;
}

Expected<Json, std::string> WsClient::wait_for_event(const std::string& type, Millis timeout,
                                                     const std::function<bool(const Json&)>& predicate) {
  auto take_match = [&]() -> std::optional<Json> {
    for (auto it = impl_->frames.begin(); it != impl_->frames.end(); ++it) {
      const Json& json = it->json;
      if (!json.is_object() || json.value("type", std::string()) != type) continue;
      if (predicate && !predicate(json)) continue;
      Json event = std::move(it->json);
      impl_->frames.erase(it);
      return event;
    }
    return std::nullopt;
  };
  return impl_->wait_for(take_match, timeout, "event '" + type + "'");
}

std::size_t WsClient::queued() const { return impl_->frames.size(); }

void WsClient::discard_queued() { impl_->frames.clear(); }

Expected<CloseInfo, std::string> WsClient::wait_closed(Millis timeout) {
  impl_->keep_reading();
  run_until(
      impl_->io, [&] { return impl_->closed.has_value(); }, deadline_after(timeout));
  if (!impl_->closed) return unexpected(std::string("timed out waiting for the close"));
  return *impl_->closed;
}

std::optional<CloseInfo> WsClient::close_info() const { return impl_->closed; }

bool WsClient::is_open() const { return !impl_->closed.has_value(); }

void WsClient::close(std::uint16_t code, Millis timeout) {
  if (impl_->closed) return;
  bool done = false;
  impl_->ws.async_close(websocket::close_reason(static_cast<websocket::close_code>(code)),
                        [&](beast::error_code) { done = true; });
  impl_->keep_reading();
  run_until(
      impl_->io, [&] { return done && !impl_->reading; }, deadline_after(timeout));
  if (!impl_->closed) impl_->closed = CloseInfo{code, "closed by client"};
  beast::get_lowest_layer(impl_->ws).close();
  run_until(
      impl_->io, [&] { return done && !impl_->reading; }, deadline_after(timeout));
}

}  // namespace yunzi::client
