// admin.*: the role was checked by the dispatcher. Every action that
// changes something is written with its audit entry in one writer item,
// then carried out (kick, notice, rank.change) and logged (admin_action.hpp).
// The requests of the rank rules' admin tools are in admin_rank_requests.cpp.
#include <spdlog/spdlog.h>

#include "db/time_text.hpp"
#include "protocol/events.hpp"
#include "server/app/admin_action.hpp"
#include "server/app/admin_rank_requests.hpp"
#include "server/app/desks.hpp"
#include "server/app/dispatch_rules.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/app/tournament_requests.hpp"
#include "server/game/room.hpp"
#include "server/ranking_service/rank_corrections.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

constexpr TimeMs minute_ms = 60'000;
constexpr TimeMs day_ms = 24 * 60 * minute_ms;

std::string minutes_text(int minutes) { return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes"); }

// A sanction's length for the audit log: "60 minutes, until 2024-05-01 13:00 UTC".
std::string sanction_detail(int minutes, TimeMs until) {
  return minutes_text(minutes) + ", until " + db::utc_time_text(until);
}

using UserChange = std::function<db::DbResult<Done>(db::Stores&, const db::UserRecord&)>;
using AfterChange = std::function<void(const Call&, const db::UserRecord&)>;

// Finds the user, applies the change and its audit entry in one writer item,
// then runs `after` and replies ok.
void change_user(const AdminDesk& desk, const Call& call, const std::string& name, db::AuditEntry entry,
                 UserChange change, AfterChange after) {
  act<db::UserRecord>(
      desk, call, std::move(entry),
      [key = session::name_key(name), change = std::move(change)](
          db::Stores& stores, db::AuditEntry& written) -> db::DbResult<db::UserRecord> {
        auto user = stores.users().find_by_name_key(key);
        if (!user) return unexpected(user.error());
        if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
        if (auto changed = change(stores, **user); !changed) return unexpected(changed.error());
        written.target_user_id = (*user)->id;
        return **user;
      },
      std::move(after));
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminBroadcast& r) {
  desk.online.send_to_all(protocol::notice(r.text));
  spdlog::info("admin action=admin.broadcast admin={} text={}", call.user->name, r.text);
  auto entry = audit(call, "admin.broadcast", r.text);
  desk.writer.submit(
      [entry](db::Stores& stores) -> db::DbResult<Done> {
        auto added = stores.moderation().add_audit(entry);
        if (!added) return unexpected(added.error());
        return Done{};
      },
      [](db::DbResult<Done>) {});
  call.ok();
}

// Kicking or banning oneself would cut off the request's own reply (and could lock out the last admin).
db::DbResult<Done> not_oneself(const Call& call, const db::UserRecord& user, std::string_view action) {
  if (user.id != call.user->id) return Done{};
  return db::db_failure(db::DbErrorKind::conflict, "an admin cannot " + std::string(action) + " himself");
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminKick& r) {
  change_user(
      desk, call, r.user, audit(call, "admin.kick", r.reason),
      [call](db::Stores&, const db::UserRecord& user) { return not_oneself(call, user, "kick"); },
      [&desk, reason = r.reason](const Call&, const db::UserRecord& user) { desk.reach.kick(user.id, reason); });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminBan& r) {
  const TimeMs until = r.minutes ? call.now_ms() + std::int64_t{*r.minutes} * minute_ms : db::forever_ms;
  auto entry = audit(call, "admin.ban", r.reason);
  entry.detail = r.minutes ? sanction_detail(*r.minutes, until) : "permanent";
  change_user(
      desk, call, r.user, std::move(entry),
      [call, until](db::Stores& stores, const db::UserRecord& user) -> db::DbResult<Done> {
        if (auto allowed = not_oneself(call, user, "ban"); !allowed) return allowed;
        return stores.users().set_banned_until(user.id, until);
      },
      [&desk, reason = r.reason](const Call&, const db::UserRecord& user) {
        desk.reach.kick(user.id, reason);
        desk.reach.forfeit_games(user.id, "banned: " + reason);
      });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminUnban& r) {
  change_user(
      desk, call, r.user, audit(call, "admin.unban", r.reason),
      [now = call.now_ms()](db::Stores& stores, const db::UserRecord& user) -> db::DbResult<Done> {
        if (!user.banned_until_ms || *user.banned_until_ms <= now) {
          return db::db_failure(db::DbErrorKind::conflict, user.name + " is not banned");
        }
        return stores.users().set_banned_until(user.id, std::nullopt);
      },
      [](const Call&, const db::UserRecord&) {});
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminMute& r) {
  const TimeMs until = call.now_ms() + std::int64_t{r.minutes} * minute_ms;
  auto entry = audit(call, "admin.mute", r.reason);
  entry.detail = sanction_detail(r.minutes, until);
  change_user(
      desk, call, r.user, std::move(entry),
      [until](db::Stores& stores, const db::UserRecord& user) {
        return stores.users().set_muted_until(user.id, until);
      },
      [&desk, until](const Call&, const db::UserRecord& user) { desk.online.update_mute(user.id, until); });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminSetRank& r) {
  auto entry = audit(call, "admin.set_rank", r.reason);
  entry.detail = to_string(r.rank);
  const TimeMs now = call.now_ms();
  auto from = std::make_shared<Rank>();
  change_user(
      desk, call, r.user, entry,
      [rank = r.rank, now, from](db::Stores& stores, const db::UserRecord& user) -> db::DbResult<Done> {
        *from = user.rank;
        db::RankEvent event{0, user.id, user.rank, rank, "admin", std::nullopt, now, std::nullopt};
        auto recorded = stores.ranks().record_change(event);
        if (!recorded) return unexpected(recorded.error());
        return Done{};
      },
      [&desk, rank = r.rank, from](const Call&, const db::UserRecord& user) {
        desk.reach.rank_changed(user.id, protocol::RankChange{user.name, *from, rank, "admin", std::nullopt});
      });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminAnnul& r) {
  auto entry = audit(call, "admin.annul", r.reason);
  entry.target_game_id = r.game;
  act<ranking_service::Annulment>(
      desk, call, std::move(entry),
      [game = r.game, &policy = desk.ranking_policy, now = call.now_ms()](
          db::Stores& stores, db::AuditEntry& written) -> db::DbResult<ranking_service::Annulment> {
        auto annulled = ranking_service::annul_game(stores, policy, game, now);
        if (!annulled) return annulled;
        for (const ranking_service::UserRankChange& changed : annulled->changes) {
          const protocol::RankChange& change = changed.change;
          if (!written.detail.empty()) written.detail += "; ";
          written.detail += change.name + " " + to_string(change.from) + "->" + to_string(change.to);
        }
        return annulled;
      },
      [&desk, reason = r.reason](const Call&, const ranking_service::Annulment& annulled) {
        const std::string text = "Game " + std::to_string(annulled.game.id) + " (" + annulled.game.black_name + " vs " +
                                 annulled.game.white_name + ") was annulled: " + reason;
        for (UserId player : {annulled.game.black_id, annulled.game.white_id}) {
          desk.online.send_to_user(player, protocol::notice(text));
        }
        for (const ranking_service::UserRankChange& changed : annulled.changes)
          desk.reach.rank_changed(changed.user, changed.change);
      });
}

std::string name_of(db::Stores& stores, UserId id) {
  auto user = stores.users().find_by_id(id);
  return user && *user ? (*user)->name : "#" + std::to_string(id);
}

void admin(const AdminDesk&, const Call& call, const req::AdminReports& r) {
  read_or_fail<std::vector<protocol::ReportEntry>>(
      call,
      [limit = r.limit](db::Stores& stores) -> db::DbResult<std::vector<protocol::ReportEntry>> {
        auto open = stores.moderation().open_reports(limit);
        if (!open) return unexpected(open.error());
        std::vector<protocol::ReportEntry> out;
        for (const db::Report& report : *open) {
          out.push_back({report.id, name_of(stores, report.reporter_id), name_of(stores, report.reported_id),
                         report.game_id, report.reason, report.created_ms});
        }
        return out;
      },
      "the reports could not be read",
      [](const Call& c, const std::vector<protocol::ReportEntry>& reports) {
        c.reply(protocol::reply_reports(c.id, reports));
      });
}

void admin(const AdminDesk&, const Call& call, const req::AdminAudit& r) {
  read_or_fail<std::vector<protocol::AuditEntry>>(
      call,
      [before = r.before, limit = r.limit](db::Stores& stores) -> db::DbResult<std::vector<protocol::AuditEntry>> {
        auto page = stores.moderation().audit_page(before, limit);
        if (!page) return unexpected(page.error());
        std::vector<protocol::AuditEntry> out;
        for (const db::AuditEntry& entry : *page) {
          std::string target;
          if (entry.target_user_id) target = name_of(stores, *entry.target_user_id);
          if (entry.target_game_id) target = "game " + std::to_string(*entry.target_game_id);
          const std::string actor = entry.actor_id ? name_of(stores, *entry.actor_id) : entry.actor_name;
          out.push_back({entry.id, actor, entry.action, target, entry.reason, entry.at_ms, entry.detail});
        }
        return out;
      },
      "the audit log could not be read",
      [](const Call& c, const std::vector<protocol::AuditEntry>& entries) {
        c.reply(protocol::reply_audit(c.id, entries));
      });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminResolveReport& r) {
  const db::ReportOutcome outcome =
      r.outcome == req::ReportOutcome::dismissed ? db::ReportOutcome::dismissed : db::ReportOutcome::resolved;
  auto entry = audit(call, "admin.resolve_report", r.note);
  entry.detail = "report " + std::to_string(r.report) + " " + std::string(db::to_string(outcome));
  act<db::Report>(
      desk, call, std::move(entry),
      [report = r.report, outcome, note = r.note, admin = call.user->id, now = call.now_ms()](
          db::Stores& stores, db::AuditEntry& written) -> db::DbResult<db::Report> {
        auto closed = stores.moderation().close_report(report, admin, outcome, note, now);
        if (!closed) return closed;
        written.target_user_id = closed->reported_id;
        return closed;
      },
      [](const Call&, const db::Report&) {});
}

// "no login since 2021-03-01 10:00 UTC" or "never logged in (created ...)".
std::string idle_detail(const db::UserRecord& user) {
  if (user.last_login_ms) return "no login since " + db::utc_time_text(*user.last_login_ms);
  return "never logged in (created " + db::utc_time_text(user.created_ms) + ")";
}

nlohmann::json names_of(const std::vector<db::UserRecord>& users) {
  nlohmann::json names = nlohmann::json::array();
  for (const db::UserRecord& user : users) names.push_back(user.name);
  return names;
}

// Closes the accounts of players idle for `days` (admins and bots are never
// retired this way), one audit entry each; the ones online are disconnected
// and lose their games in progress, as after a ban.
void admin(const AdminDesk& desk, const Call& call, const req::AdminRetireInactive& r) {
  const TimeMs now = call.now_ms();
  const TimeMs idle = TimeMs{r.days} * day_ms;
  if (r.dry_run) {
    return read_or_fail<std::vector<db::UserRecord>>(
        call, [now, idle](db::Stores& stores) { return stores.users().inactive_players(now, idle); },
        "the accounts could not be read",
        [](const Call& c, const std::vector<db::UserRecord>& idle_players) {
          c.ok({{"users", names_of(idle_players)}, {"dry_run", true}});
        });
  }
  const db::AuditEntry base = audit(call, "admin.retire_inactive", "no login for " + std::to_string(r.days) + " days");
  desk.writer.submit_for<std::vector<db::UserRecord>>(
      [now, idle, base](db::Stores& stores) -> db::DbResult<std::vector<db::UserRecord>> {
        auto idle_players = stores.users().inactive_players(now, idle);
        if (!idle_players) return idle_players;
        for (db::UserRecord& user : *idle_players) {
          if (auto retired = stores.users().retire(user, now); !retired) return unexpected(retired.error());
          user.closed = true;
          db::AuditEntry entry = base;
          entry.target_user_id = user.id;
          entry.detail = idle_detail(user);
          if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
        }
        return idle_players;
      },
      [&desk, call, days = r.days](db::DbResult<std::vector<db::UserRecord>> result) {
        if (!result) return call.error(protocol::ErrorCode::internal, "the change could not be stored; try again");
        const std::string reason = "account closed after " + std::to_string(days) + " days without a login";
        for (const db::UserRecord& user : *result) {
          spdlog::info("admin action=admin.retire_inactive admin={} user={}", call.user->name, user.name);
          desk.reach.kick(user.id, reason);
          desk.reach.forfeit_games(user.id, reason);
        }
        call.ok({{"users", names_of(*result)}, {"dry_run", false}});
      });
}

template <class T>
constexpr bool has_admin_handler() {
  return requires(const AdminDesk& desk, const Call& call, const T& r) { admin(desk, call, r); };
}

}  // namespace

void handle_admin(const AdminDesk& desk, const Call& call, const protocol::Request& request) {
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (is_admin_request<T>()) {
          static_assert(has_admin_handler<T>(), "an admin request type without a handler");
          admin(desk, call, r);
        } else {
          call.error(protocol::ErrorCode::internal, std::string(T::type) + " is not an admin request");
        }
      },
      request);
}

}  // namespace yunzi::app
