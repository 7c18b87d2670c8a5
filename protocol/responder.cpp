#include "protocol/responder.hpp"

#include <atomic>

namespace yunzi::protocol {

struct Responder::Shared {
  Shared(RequestId request, std::shared_ptr<Channel> to) : id(request), channel(std::move(to)) {}
  ~Shared() {
    if (!done.load(std::memory_order_acquire) && channel) channel->dropped(id);
  }
  Shared(const Shared&) = delete;
  Shared& operator=(const Shared&) = delete;

  const RequestId id;
  const std::shared_ptr<Channel> channel;  // null: nobody listens
  std::atomic<bool> done{false};
};

Responder::Responder(RequestId id, std::shared_ptr<Channel> channel)
    : shared_(std::make_shared<Shared>(id, std::move(channel))) {}

Responder Responder::unheard(RequestId id) { return Responder(id, nullptr); }

const RequestId& Responder::id() const { return shared_->id; }

bool Responder::answered() const { return shared_->done.load(std::memory_order_acquire); }

void Responder::reply(Frame frame, std::optional<ErrorCode> error) const {
  if (shared_->done.exchange(true, std::memory_order_acq_rel)) {
    if (shared_->channel) shared_->channel->answered_again(shared_->id);
    return;
  }
  if (shared_->channel) shared_->channel->answered(std::move(frame), error);
}

void Responder::ok(nlohmann::json fields) const { reply(encode_ok(id(), std::move(fields))); }

void Responder::fail(ErrorCode code, std::string_view message) const { reply(encode_error(id(), code, message), code); }

void Responder::fail(ErrorCode code, std::string_view message, const nlohmann::json& fields) const {
  reply(encode_error(id(), code, message, fields), code);
}

void Responder::unavailable(std::string_view message) const {
  // How soon to ask again: a takeover or a database's failover is followed within a second of its end, at the cost
  // of one request a second while it lasts.
  constexpr std::int64_t retry_after_ms = 1000;
  fail(ErrorCode::unavailable, message, {{"retry_after_ms", retry_after_ms}});
}

}  // namespace yunzi::protocol
