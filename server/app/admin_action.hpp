// How an admin.* request that changes something is carried out: the change
// and its audit entry in one writer item, then the effect (kick, notice,
// rank.change), a log line and the reply. Shared by the admin handlers.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <spdlog/spdlog.h>

#include "db/stores.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"

namespace yunzi::app {

inline db::AuditEntry audit(const Call& call, std::string_view action, std::string reason) {
  db::AuditEntry entry;
  entry.actor_id = call.user->id;
  entry.action = std::string(action);
  entry.reason = std::move(reason);
  entry.at_ms = call.now_ms();
  return entry;
}

inline protocol::ErrorCode error_code_for(db::DbErrorKind kind) {
  switch (kind) {
    case db::DbErrorKind::not_found: return protocol::ErrorCode::not_found;
    case db::DbErrorKind::conflict: return protocol::ErrorCode::conflict;
    default: return protocol::ErrorCode::internal;
  }
}

// Runs `work` and then writes the audit entry (which `work` may complete), in
// one writer item; then `after` on success, and the reply (ok with the
// `fields` of the result, if given). A not_found or conflict carries the
// store's message; anything else is `internal`.
template <class T>
void act(const AdminDesk& desk, const Call& call, db::AuditEntry entry,
         std::function<db::DbResult<T>(db::Stores&, db::AuditEntry&)> work,
         std::function<void(const Call&, const T&)> after, std::function<nlohmann::json(const T&)> fields = {}) {
  auto written = std::make_shared<db::AuditEntry>(std::move(entry));
  desk.writer.submit_for<T>(
      [work = std::move(work), written](db::Stores& stores) -> db::DbResult<T> {
        auto result = work(stores, *written);
        if (!result) return result;
        if (auto added = stores.moderation().add_audit(*written); !added) return unexpected(added.error());
        return result;
      },
      [call, written, after = std::move(after), fields = std::move(fields)](db::DbResult<T> result) {
        if (!result) {
          const auto code = error_code_for(result.error().kind);
          return call.error(code, code == protocol::ErrorCode::internal ? "the change could not be stored; try again"
                                                                        : result.error().message);
        }
        spdlog::info("admin action={} admin={} user={} game={} reason={} detail={}", written->action, call.user->name,
                     written->target_user_id.value_or(0), written->target_game_id.value_or(0), written->reason,
                     written->detail);
        // The effect before the reply: a request sent after the ok must find it in force (a mute, a rank).
        after(call, *result);
        call.ok(fields ? fields(*result) : nlohmann::json::object());
      });
}

}  // namespace yunzi::app
