// One request being handled: the app, the session it came on and its id,
// with the ways to answer it. Handlers run on the session's strand; work
// that completes elsewhere comes back with `later`. `user` is the account
// the connection was signed in as when the request arrived, copied: writer
// and pool threads read it while the session's own `user` may be reset on
// its strand by a logout or a close.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/replies.hpp"
#include "server/app/session.hpp"

namespace yunzi::app {

class App;

struct Call {
  App& app;
  SessionPtr session;
  protocol::RequestId id;
  std::optional<SignedIn> user{};

  void reply(protocol::Frame frame) const { session->connection()->send(std::move(frame)); }
  void ok(nlohmann::json fields = nlohmann::json::object()) const { reply(protocol::encode_ok(id, std::move(fields))); }
  void error(protocol::ErrorCode code, std::string_view message) const {
    reply(protocol::encode_error(id, code, message));
  }
  // Runs fn on the session's strand (from a pool or writer thread).
  void later(std::function<void(const Call&)> fn) const {
    session->post([call = *this, fn = std::move(fn)](Session&) { fn(call); });
  }
};

}  // namespace yunzi::app
