#include "server/app/dispatch.hpp"

#include <functional>
#include <type_traits>

#include <spdlog/spdlog.h>

#include "protocol/decode.hpp"
#include "server/app/dispatch_rules.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"

namespace yunzi::app {
namespace {

template <class Desk, class T>
constexpr bool has_handler() {
  return requires(const Desk& desk, const Call& call, const T& r) { handle(desk, call, r); };
}

// The request goes to the one desk whose area handles its type; a type
// that no area handles, or that two do, does not build.
template <class T, class... Desk>
void hand_to_desk(const Call& call, const T& r, const Desk&... desks) {
  static_assert((int{has_handler<Desk, T>()} + ...) == 1,
                "a request type without a handler, or with two: declare it once in request_handlers.hpp");
  (
      [&] {
        if constexpr (has_handler<Desk, T>()) handle(desks, call, r);
      }(),
      ...);
}

// The role is read from the database for every admin request, not taken
// from the login: yunzi-admin may change it in the file while the server
// runs, and a demoted admin's open connections must lose the power at once.
// One indexed read on a reader thread; admin requests are rare.
std::optional<protocol::ErrorCode> admin_refusal(const AdminDesk& desk, TimeMs now, UserId id,
                                                 const db::DbResult<std::optional<db::UserRecord>>& stored) {
  if (!stored) return protocol::ErrorCode::internal;
  const std::optional<db::UserRecord>& user = *stored;
  if (!user) return protocol::ErrorCode::forbidden;
  // The online entry follows the stored role too (seeks and challenges read it).
  if (auto online = desk.online.find(id); online && online->info.role != user->role) {
    desk.online.update_info(id, session::user_info(*user));
  }
  const bool banned = user->banned_until_ms && *user->banned_until_ms > now;
  if (user->role != Role::admin || user->closed || banned) return protocol::ErrorCode::forbidden;
  return std::nullopt;
}

// `then` runs when the user is an admin at this moment; anyone else is refused.
void check_admin_then(const AdminDesk& desk, const Call& call, std::string_view type,
                      std::function<void(const Call&)> then) {
  const UserId id = call.user->id;
  read_then<std::optional<db::UserRecord>>(
      call, [id](db::Stores& stores) { return stores.users().find_by_id(id); },
      [&desk, type, then = std::move(then)](const Call& c, db::DbResult<std::optional<db::UserRecord>> stored) {
        if (auto refusal = admin_refusal(desk, c.now_ms(), c.user->id, stored)) {
          spdlog::warn("admin request refused type={} user={} connection={}", type, c.user->name, c.session->id());
          if (*refusal == protocol::ErrorCode::internal) {
            return c.error(*refusal, "the role could not be read; try again");
          }
          return c.error(*refusal, "admins only");
        }
        then(c);
      });
}

// Every request type reaches its area at compile time: an admin request goes
// through the role check, a room's request to its room, and any other type
// without a `handle` overload does not build.
void route(const Desks& desks, const Call& call, protocol::Request request, const std::string& text) {
  std::visit(
      [&](auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (is_admin_request<T>()) {
          check_admin_then(desks.admin, call, T::type, [&desks, request = std::move(request)](const Call& c) {
            handle_admin(desks.admin, c, request);
          });
        } else if constexpr (is_admin_elsewhere<T>()) {
          check_admin_then(desks.admin, call, T::type,
                           [&desks, r](const Call& c) { hand_to_desk(c, r, desks.problem); });
        } else if constexpr (is_room_request<T>()) {
          const std::int64_t game = r.game;
          forward_to_room(desks.game, call, game, std::move(request), text);
        } else {
          hand_to_desk(call, r, desks.session, desks.lobby, desks.game, desks.user, desks.message, desks.board,
                       desks.tournament, desks.analysis, desks.problem);
        }
      },
      request);
}

}  // namespace

void dispatch(const Desks& desks, db::ReadPool& reads, const NowMs& now_ms, const session::SessionPtr& session,
              std::string text, bool over_rate_limit) {
  auto envelope = protocol::decode_request(text);
  if (!envelope) {
    session->responder(envelope.error().id).reply(protocol::encode_error(envelope.error()), envelope.error().code);
    return;
  }
  const Call call{.reads = reads,
                  .now_ms = now_ms,
                  .session = session,
                  .respond = session->responder(envelope->id),
                  .user = session->user};
  if (over_rate_limit) {
    return call.error(protocol::ErrorCode::rate_limited, "too many requests; slow down");
  }
  const Access access = access_of(envelope->request);
  if (access != Access::open && !session->user) {
    return call.error(protocol::ErrorCode::unauthenticated, "log in first");
  }
  if (std::holds_alternative<req::GameMove>(envelope->request) ||
      std::holds_alternative<req::GamePass>(envelope->request)) {
    session->time_reply_as_move();
  }
  route(desks, call, std::move(envelope->request), text);
}

}  // namespace yunzi::app
