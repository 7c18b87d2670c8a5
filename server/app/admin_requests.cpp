// admin.*: the role was checked by the dispatcher. Every action that
// changes something is written with its audit entry in one writer item,
// then carried out (kick, notice, rank.change) and logged.
#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/accounts/registration_rules.hpp"
#include "server/app/app.hpp"
#include "server/app/request_handlers.hpp"

namespace yunzi::app {
namespace {

std::string name_key(const std::string& name) {
  auto checked = accounts::check_name(name);
  return checked ? checked->key : fold_name(name);
}

db::AuditEntry audit(const Call& call, std::string_view action, std::string reason) {
  db::AuditEntry entry;
  entry.actor_id = call.session->user->id;
  entry.action = std::string(action);
  entry.reason = std::move(reason);
  entry.at_ms = call.app.now_ms();
  return entry;
}

using UserChange = std::function<db::DbResult<Done>(db::Stores&, const db::UserRecord&)>;
using AfterChange = std::function<void(const Call&, const db::UserRecord&)>;

// Finds the user, applies the change and its audit entry in one writer item,
// then runs `after` and replies ok.
void change_user(const Call& call, const std::string& name, db::AuditEntry entry, UserChange change,
                 AfterChange after) {
  auto target = std::make_shared<std::optional<db::UserRecord>>();
  call.app.writer.submit(
      [key = name_key(name), entry, change, target](db::Stores& stores) mutable -> db::DbResult<Done> {
        auto user = stores.users().find_by_name_key(key);
        if (!user) return unexpected(user.error());
        if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
        *target = **user;
        if (auto changed = change(stores, **user); !changed) return changed;
        entry.target_user_id = (*user)->id;
        if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
        return Done{};
      },
      [call, entry, target, after](db::DbResult<Done> result) {
        if (!result) {
          if (result.error().kind == db::DbErrorKind::not_found) {
            return call.error(protocol::ErrorCode::not_found, "no such user");
          }
          return call.error(protocol::ErrorCode::internal, "the change could not be stored; try again");
        }
        spdlog::info("admin action={} admin={} user={} reason={}", entry.action, call.session->user->name,
                     (*target)->name, entry.reason);
        after(call, **target);
        call.ok();
      });
}

void kick_user(App& app, db::UserId user, std::string_view reason) {
  const protocol::Frame frame = protocol::kicked(reason);
  for (const SessionPtr& session : app.online.sessions_of(user)) {
    session->connection()->send(frame);
    session->connection()->close(net::close_code::policy, "kicked");
  }
}

void admin(const Call& call, const req::AdminBroadcast& r) {
  call.app.notify_all(r.text);
  spdlog::info("admin action=admin.broadcast admin={} text={}", call.session->user->name, r.text);
  auto entry = audit(call, "admin.broadcast", r.text);
  call.app.writer.submit([entry](db::Stores& stores) -> db::DbResult<Done> {
    auto added = stores.moderation().add_audit(entry);
    if (!added) return unexpected(added.error());
    return Done{};
  }, [](db::DbResult<Done>) {});
  call.ok();
}

void admin(const Call& call, const req::AdminKick& r) {
  change_user(call, r.user, audit(call, "admin.kick", r.reason),
              [](db::Stores&, const db::UserRecord&) -> db::DbResult<Done> { return Done{}; },
              [reason = r.reason](const Call& c, const db::UserRecord& user) { kick_user(c.app, user.id, reason); });
}

void admin(const Call& call, const req::AdminBan& r) {
  const db::TimeMs until = r.minutes ? call.app.now_ms() + std::int64_t{*r.minutes} * 60'000 : db::forever_ms;
  change_user(call, r.user, audit(call, "admin.ban", r.reason),
              [until](db::Stores& stores, const db::UserRecord& user) { return stores.users().set_banned_until(user.id, until); },
              [reason = r.reason](const Call& c, const db::UserRecord& user) { kick_user(c.app, user.id, reason); });
}

void admin(const Call& call, const req::AdminUnban& r) {
  change_user(call, r.user, audit(call, "admin.unban", r.reason),
              [](db::Stores& stores, const db::UserRecord& user) { return stores.users().set_banned_until(user.id, std::nullopt); },
              [](const Call&, const db::UserRecord&) {});
}

void admin(const Call& call, const req::AdminMute& r) {
  const db::TimeMs until = call.app.now_ms() + std::int64_t{r.minutes} * 60'000;
  change_user(call, r.user, audit(call, "admin.mute", r.reason),
              [until](db::Stores& stores, const db::UserRecord& user) { return stores.users().set_muted_until(user.id, until); },
              [until](const Call& c, const db::UserRecord& user) { c.app.online.update_mute(user.id, until); });
}

void admin(const Call& call, const req::AdminSetRank& r) {
  auto entry = audit(call, "admin.set_rank", r.reason);
  entry.detail = protocol::to_string(r.rank);
  const db::TimeMs now = call.app.now_ms();
  auto from = std::make_shared<int>(0);
  change_user(
      call, r.user, entry,
      [rank = r.rank, now, from](db::Stores& stores, const db::UserRecord& user) -> db::DbResult<Done> {
        *from = user.rank;
        db::RankEvent event{0, user.id, user.rank, rank.index, "admin", std::nullopt, now};
        auto recorded = stores.ranks().record_change(event);
        if (!recorded) return unexpected(recorded.error());
        return Done{};
      },
      [rank = r.rank, from](const Call& c, const db::UserRecord& user) {
        const protocol::RankChange change{user.name, protocol::Rank{*from}, rank, "admin", std::nullopt};
        if (auto online = c.app.online.find(user.id)) {
          online->info.rank = rank;
          c.app.online.update_info(user.id, online->info);
          c.app.lobby->user_changed(user.id, online->info);
        }
        c.app.online.send_to_user(user.id, protocol::rank_changed(change));
      });
}

std::string name_of(db::Stores& stores, db::UserId id) {
  auto user = stores.users().find_by_id(id);
  return user && *user ? (*user)->name : "#" + std::to_string(id);
}

void admin(const Call& call, const req::AdminReports& r) {
  auto reports = call.app.reads.read<std::vector<protocol::ReportEntry>>(
      [&](db::Stores& stores) -> db::DbResult<std::vector<protocol::ReportEntry>> {
        auto open = stores.moderation().open_reports(r.limit);
        if (!open) return unexpected(open.error());
        std::vector<protocol::ReportEntry> out;
        for (const db::Report& report : *open) {
          out.push_back({report.id, name_of(stores, report.reporter_id), name_of(stores, report.reported_id),
                         report.game_id, report.reason, report.created_ms});
        }
        return out;
      });
  if (!reports) return call.error(protocol::ErrorCode::internal, "the reports could not be read");
  call.reply(protocol::reply_reports(call.id, *reports));
}

void admin(const Call& call, const req::AdminAudit& r) {
  auto entries = call.app.reads.read<std::vector<protocol::AuditEntry>>(
      [&](db::Stores& stores) -> db::DbResult<std::vector<protocol::AuditEntry>> {
        auto page = stores.moderation().audit_page(r.before, r.limit);
        if (!page) return unexpected(page.error());
        std::vector<protocol::AuditEntry> out;
        for (const db::AuditEntry& entry : *page) {
          std::string target;
          if (entry.target_user_id) target = name_of(stores, *entry.target_user_id);
          if (entry.target_game_id) target = "game " + std::to_string(*entry.target_game_id);
          out.push_back({entry.id, name_of(stores, entry.actor_id), entry.action, target, entry.reason, entry.at_ms});
        }
        return out;
      });
  if (!entries) return call.error(protocol::ErrorCode::internal, "the audit log could not be read");
  call.reply(protocol::reply_audit(call.id, *entries));
}

template <class T>
constexpr bool has_admin_handler() {
  return requires(const Call& call, const T& r) { admin(call, r); };
}

}  // namespace

void handle_admin(const Call& call, const protocol::Request& request) {
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (has_admin_handler<T>()) {
          admin(call, r);
        } else {
          call.error(protocol::ErrorCode::bad_request, std::string(T::type) + " is not available on this server yet");
        }
      },
      request);
}

}  // namespace yunzi::app
