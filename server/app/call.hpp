// One request being handled: its session, id and Responder (copies share it: the first answer is the answer).
// Handlers run on the session's strand; work that completes elsewhere comes back with `later`. `user` is a copy of
// the account signed in at arrival, since writer and pool threads read it while a logout or close may reset the
// session's. Every handler may read the database (reading.hpp) and the clock; the rest an area uses is on its desk.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/ids.hpp"
#include "db/read_pool.hpp"
#include "protocol/replies.hpp"
#include "protocol/responder.hpp"
#include "server/session/session.hpp"

namespace yunzi::app {

// Milliseconds since the epoch, the server's clock (a test may set it).
using NowMs = std::function<TimeMs()>;

struct Call {
  db::ReadPool& reads;
  const NowMs& now_ms;
  session::SessionPtr session;
  protocol::Responder respond;
  protocol::RequestId id = respond.id();
  std::optional<session::SignedIn> user{};

  // A success reply built for `id`.
  void reply(protocol::Frame frame) const { respond.reply(std::move(frame)); }
  void ok(nlohmann::json fields = nlohmann::json::object()) const { respond.ok(std::move(fields)); }
  void error(protocol::ErrorCode code, std::string_view message) const { respond.fail(code, message); }
  // Runs fn on the session's strand (from a pool or writer thread).
  void later(std::function<void(const Call&)> fn) const {
    session->post([call = *this, fn = std::move(fn)](session::Session&) { fn(call); });
  }
};

}  // namespace yunzi::app
