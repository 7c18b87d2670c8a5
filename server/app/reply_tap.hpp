// The connection the app hands to everyone (its own handlers, the lobby, the
// game rooms): it forwards to the network's connection and watches what
// passes, so the session learns when the reply to its current request has
// gone out (that keeps replies in order of arrival even when a game room or
// the hashing pool answers) and /metrics can count error replies by code.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "protocol/errors.hpp"
#include "server/app/app_metrics.hpp"
#include "server/net/connection.hpp"

namespace yunzi::app {

// What a frame is, read from its text without parsing the JSON: encoded
// frames have sorted keys and escaped strings, so `"type":"ok"` and
// `"type":"error"` occur unescaped only in replies.
struct FrameKind {
  bool is_reply = false;
  std::optional<protocol::ErrorCode> error;
};
FrameKind classify_frame(std::string_view frame);

class ReplyTap final : public net::Connection {
 public:
  // on_reply runs on the sending thread after every reply frame.
  ReplyTap(net::ConnectionPtr inner, AppMetrics& metrics, std::function<void()> on_reply);

  std::uint64_t id() const override { return inner_->id(); }
  const std::string& remote_address() const override { return inner_->remote_address(); }
  void send(std::shared_ptr<const std::string> frame) override;
  void close(std::uint16_t code, std::string reason) override { inner_->close(code, std::move(reason)); }
  std::optional<std::chrono::microseconds> median_rtt() const override { return inner_->median_rtt(); }

 private:
  net::ConnectionPtr inner_;
  AppMetrics& metrics_;
  std::function<void()> on_reply_;
};

// A connection that drops everything sent to it and has an id no real
// connection has: for calls into rooms whose reply nobody waits for.
net::ConnectionPtr discard_connection(std::uint64_t id);

}  // namespace yunzi::app
