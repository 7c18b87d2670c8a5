#include "server/app/dispatch.hpp"

#include <type_traits>

#include <spdlog/spdlog.h>

#include "protocol/decode.hpp"
#include "server/app/app.hpp"
#include "server/app/dispatch_rules.hpp"
#include "server/app/request_handlers.hpp"

namespace yunzi::app {
namespace {

template <class T>
constexpr bool has_handler() {
  return requires(const Call& call, const T& r) { handle(call, r); };
}

}  // namespace

void dispatch(App& app, const SessionPtr& session, std::string text, bool over_rate_limit) {
  auto envelope = protocol::decode_request(text);
  if (!envelope) {
    session->connection()->send(protocol::encode_error(envelope.error()));
    return;
  }
  const Call call{app, session, envelope->id};
  if (over_rate_limit) {
    return call.error(protocol::ErrorCode::rate_limited, "too many requests; slow down");
  }
  const Access access = access_of(envelope->request);
  if (access != Access::open && !session->user) {
    return call.error(protocol::ErrorCode::unauthenticated, "log in first");
  }
  if (access == Access::admin) {
    auto user = app.online.find(session->user->id);
    if (!user || user->info.role != protocol::Role::admin) {
      spdlog::warn("admin request refused type={} user={} connection={}", protocol::type_of(envelope->request),
                   session->user->name, session->id());
      return call.error(protocol::ErrorCode::forbidden, "admins only");
    }
    return handle_admin(call, envelope->request);
  }
  if (std::holds_alternative<req::GameMove>(envelope->request) ||
      std::holds_alternative<req::GamePass>(envelope->request)) {
    session->time_reply_as_move();
  }
  if (auto game = room_request_game(envelope->request)) {
    return forward_to_room(call, *game, std::move(envelope->request));
  }
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (has_handler<T>()) {
          handle(call, r);
        } else {
          call.error(protocol::ErrorCode::bad_request, "not available");
        }
      },
      envelope->request);
}

}  // namespace yunzi::app
