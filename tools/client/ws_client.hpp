// A small synchronous WebSocket client for tests, the bot bridge and tools:
// connect to host:port/ws, send JSON or raw frames, and wait with a time
// limit for replies (matched by `re` to the `id` request() assigned) and
// events (queued in arrival order while waiting for something else).
// Frames are read only while a call waits, so an idle client is a client that
// does not read.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::client {

using Json = nlohmann::json;
using Millis = std::chrono::milliseconds;

struct CloseInfo {
  std::uint16_t code = 0;  // 1006 when the socket ended without a close frame
  std::string reason;
};

// Extra fields for the upgrade request (name, value), e.g. what a proxy adds.
using HeaderFields = std::vector<std::pair<std::string, std::string>>;

class WsClient {
 public:
  // A refused upgrade fails with the HTTP status in the message ("(HTTP 429)").
  static Expected<std::unique_ptr<WsClient>, std::string> connect(const std::string& host, std::uint16_t port,
                                                                  const std::string& target = "/ws",
                                                                  Millis timeout = Millis(5000),
                                                                  HeaderFields headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  Expected<Done, std::string> send_json(const Json& message, Millis timeout = Millis(5000));
  Expected<Done, std::string> send_text(std::string_view text, Millis timeout = Millis(5000));
  // A binary frame with arbitrary bytes (the server accepts text only).
  Expected<Done, std::string> send_binary(std::string_view bytes, Millis timeout = Millis(5000));

  // Sends the message with a fresh integer `id` and returns the frame whose
  // `re` equals it; everything else received meanwhile stays queued.
  Expected<Json, std::string> request(Json message, Millis timeout = Millis(5000));

  // The next queued or arriving frame, raw or parsed as JSON.
  Expected<std::string, std::string> next_text(Millis timeout);
  Expected<Json, std::string> next_event(Millis timeout);
  // The first frame whose `type` matches and that satisfies the predicate;
  // other frames stay queued.
  Expected<Json, std::string> wait_for_event(const std::string& type, Millis timeout,
                                             const std::function<bool(const Json&)>& predicate = {});
  std::size_t queued() const;
  void discard_queued();

  // Reads (and queues) until the server closes the connection.
  Expected<CloseInfo, std::string> wait_closed(Millis timeout);
  std::optional<CloseInfo> close_info() const;
  bool is_open() const;

  // The close handshake, bounded by the timeout; then the socket is shut.
  void close(std::uint16_t code = 1000, Millis timeout = Millis(2000));

 private:
  struct Impl;
  explicit WsClient(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace yunzi::client
