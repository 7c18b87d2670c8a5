// The one answer to one request: a small copyable handle whose copies share one "answered" flag. Whoever holds it
// answers once with reply, ok or fail; a second answer is a programmer error and is not sent, and a handle dropped
// unanswered is reported too, so a lost request wedges nothing. Only replies go through a Responder, never events
// (server/session/README.md, "Requests, one at a time").
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"
#include "protocol/payload_json.hpp"
#include "protocol/replies.hpp"

namespace yunzi::protocol {

class Responder {
 public:
  // Where the answer goes; called from whichever thread answers.
  class Channel {
   public:
    virtual ~Channel() = default;
    // The answer, once: the reply frame and, for an error reply, its code.
    virtual void answered(Frame frame, std::optional<ErrorCode> error) = 0;
    // Every copy is gone and nobody answered.
    virtual void dropped(const RequestId& id) = 0;
    // A second answer, not sent.
    virtual void answered_again(const RequestId& id) = 0;
  };

  Responder(RequestId id, std::shared_ptr<Channel> channel);
  // Answers into nothing: for a request nobody waits for.
  static Responder unheard(RequestId id = std::nullopt);

  const RequestId& id() const;
  bool answered() const;

  // `frame` is a reply built for id(); `error` its code when it is an error reply.
  void reply(Frame frame, std::optional<ErrorCode> error = std::nullopt) const;
  void ok(nlohmann::json fields = nlohmann::json::object()) const;
  void fail(ErrorCode code, std::string_view message) const;
  // An error with fields beside code and message (`banned`: `until`).
  void fail(ErrorCode code, std::string_view message, const nlohmann::json& fields) const;
  // `unavailable`: nothing was done, and the request may be sent again after `retry_after_ms` (protocol/README.md).
  void unavailable(std::string_view message) const;

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
};

}  // namespace yunzi::protocol
