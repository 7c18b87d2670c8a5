// The bot's one connection to the server, on the synchronous yunzi_client:
// connect and authenticate with `resume` (the token comes from a login, or
// a registration when the configuration allows, made when there is no token
// yet or the old one is refused), requests that return
// the reply whatever it says, and events one at a time. Any transport
// failure marks the link down; the caller reconnects with back-off.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tools/client/ws_client.hpp"
#include "tools/yunzi-bot/bot_config.hpp"

namespace yunzi::bot {

using Json = nlohmann::json;
using Millis = std::chrono::milliseconds;

// A reply the server accepted ({"type":"ok", ...}); a failed request is not.
inline bool is_ok(const Json& reply) { return reply.value("type", std::string()) == "ok"; }
inline bool is_ok(const Expected<Json, std::string>& reply) { return reply && is_ok(*reply); }

struct LoggedIn {
  Json user;                        // {"name","rank","role"}
  std::vector<std::int64_t> games;  // games in progress
  std::vector<Json> early_events;   // received by the login connection
};

class ServerLink {
 public:
  explicit ServerLink(const BotConfig& config) : config_(config) {}

  Expected<LoggedIn, std::string> connect();
  bool up() const { return ws_ && ws_->is_open(); }
  void close();

  // The reply (ok or error) to the request; an error value only when the
  // connection failed, which also takes the link down.
  Expected<Json, std::string> call(Json request, Millis timeout = Millis(5000));
  // True when the reply is ok; failures are logged with `what`.
  bool call_ok(Json request, const std::string& what);
  // The next frame that is not a stray reply, or nullopt after `wait`.
  std::optional<Json> next_event(Millis wait);

 private:
  // A connection that said hello.
  Expected<std::unique_ptr<client::WsClient>, std::string> open_connection();
  // A connection logged in (or registered); keeps the token.
  Expected<std::unique_ptr<client::WsClient>, std::string> log_in();

  const BotConfig& config_;
  std::unique_ptr<client::WsClient> ws_;
  std::string token_;
};

// Waits between reconnection attempts: 250 ms, doubling up to a ceiling,
// back to the start after a success.
class Backoff {
 public:
  explicit Backoff(Millis ceiling) : ceiling_(ceiling) {}
  Millis next() {
    const Millis wait = current_;
    current_ = std::min(ceiling_, current_ * 2);
    return wait;
  }
  void reset() { current_ = Millis(250); }

 private:
  Millis ceiling_;
  Millis current_{250};
};

}  // namespace yunzi::bot
