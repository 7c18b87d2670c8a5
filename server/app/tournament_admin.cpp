// admin.tournament.*: each change is written with its audit entry in one
// writer item, through the tournament service, which then advances the
// tournament (a start pairs round 1, a result may finish a round).
#include <algorithm>
#include <functional>

#include <spdlog/spdlog.h>

#include "protocol/tournament_payloads.hpp"
#include "server/app/desks.hpp"
#include "server/app/tournament_checks.hpp"
#include "server/app/tournament_requests.hpp"
#include "server/app/tournament_service.hpp"
#include "server/session/name_key.hpp"
#include "server/stored_tournaments/tournament_finish.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"

namespace yunzi::app {
namespace {

namespace req = protocol::req;

db::AuditEntry audit(const Call& call, std::string action, std::string reason, std::string detail) {
  db::AuditEntry entry;
  entry.actor_id = call.user->id;
  entry.action = std::move(action);
  entry.reason = std::move(reason);
  entry.detail = std::move(detail);
  entry.at_ms = call.now_ms();
  return entry;
}

db::DbResult<db::StoredTournament> load(db::Stores& stores, TournamentId id) {
  auto loaded = stores.tournaments().load(id);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded) return db::db_failure(db::DbErrorKind::not_found, "no such tournament");
  return std::move(**loaded);
}

using Work = std::function<db::DbResult<Done>(db::Stores&, const db::StoredTournament&, db::AuditEntry&)>;

// Loads the tournament, runs `work`, writes the audit entry; one writer item.
void audited_change(const AdminDesk& desk, const Call& call, TournamentId id, db::AuditEntry entry, Work work,
                    TournamentService::Pairs pairs = TournamentService::Pairs::no) {
  desk.tournaments.change(
      id,
      [id, entry, work = std::move(work)](db::Stores& stores) mutable -> db::DbResult<Done> {
        auto t = load(stores, id);
        if (!t) return unexpected(t.error());
        if (auto done = work(stores, *t, entry); !done) return done;
        if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
        return Done{};
      },
      [call, id, action = entry.action](db::DbResult<Done> done) {
        if (!done) return reply_change_error(call, done.error());
        spdlog::info("admin action={} admin={} tournament={}", action, call.user->name, id);
        call.ok();
      },
      pairs);
}

std::string tournament_detail(TournamentId id) { return "tournament " + std::to_string(id); }

using Given = std::function<bool(std::string_view field)>;

// Writes the request's fields that `given` names into `s`.
void apply_definition(const req::AdminTournamentCreate& r, const Given& given, const lobby::PlanRules& rules,
                      TimeMs now, db::TournamentSettings& s) {
  if (given("name")) s.name = r.name;
  if (given("system")) s.system = r.system;
  if (given("mcmahon_bar")) s.mcmahon_bar = r.mcmahon_bar;
  if (given("mcmahon_floor")) s.mcmahon_floor = r.mcmahon_floor;
  if (given("system") && s.system != "mcmahon" && !given("mcmahon_bar") && !given("mcmahon_floor")) {
    // A McMahon made another system leaves its bar and floor behind: they mean nothing there.
    const db::TournamentSettings defaults;
    s.mcmahon_bar = defaults.mcmahon_bar;
    s.mcmahon_floor = defaults.mcmahon_floor;
  }
  if (given("system") && s.system != "mcmahon" && !given("handicap_max")) s.handicap_max = 0;
  if (given("settings")) {
    const GameSettings game = lobby::settings_to_play(r.settings, rules);
    s.size = game.size;
    s.komi = game.komi;
    s.rated = game.rated;
    s.clock_json = protocol::to_json(game.time).dump();
  }
  if (given("rounds")) s.rounds = r.rounds;
  if (given("registration_minutes")) s.registration_closes_ms = now + std::int64_t{r.registration_minutes} * 60'000;
  if (given("round_start")) s.round_start = r.round_start;
  if (given("round_times_ms")) s.round_times = r.round_times_ms;
  if (given("round_gap_s")) s.round_gap_ms = std::int64_t{r.round_gap_s} * 1000;
  if (given("no_show_s")) s.no_show_ms = std::int64_t{r.no_show_s} * 1000;
  if (given("bye_points")) s.bye_points = static_cast<int>(r.bye_points * 2);
  if (r.preset) {
    s.groups = stored_tournaments::promotion_groups();
    s.bonus_points = stored_tournaments::promotion_bonus();
  } else if (!r.groups.empty()) {
    s.groups.clear();
    for (const auto& g : r.groups) s.groups.push_back({0, g.name, g.min_rank, g.max_rank});
  }
  if (s.groups.empty()) s.groups = {{0, "open", lowest_rank, highest_rank}};
  if (r.bonus) {
    s.bonus_points.clear();
    for (std::size_t i = 0; i < r.bonus->size(); ++i)
      s.bonus_points.push_back({static_cast<int>(i) + 1, (*r.bonus)[i]});
  }
  if (given("tie_breaks")) {
    s.tie_breaks.clear();
    for (const auto& name : r.tie_breaks) s.tie_breaks += (s.tie_breaks.empty() ? "" : ",") + name;
  }
  if (given("pairing")) s.pairing = r.pairing;
  if (given("first_round_pairing")) s.first_round_pairing = r.first_round_pairing;
  if (given("handicap_max")) s.handicap_max = r.handicap_max;
  if (given("handicap_reduction")) s.handicap_reduction = r.handicap_reduction;
  if (s.round_start != "fixed") s.round_times.clear();
}

}  // namespace

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentCreate& r) {
  db::TournamentSettings settings;
  const TimeMs now = call.now_ms();
  apply_definition(
      r, [](std::string_view) { return true; }, desk.plan_rules, now, settings);
  if (const std::string why = definition_problem(settings); !why.empty()) {
    return call.error(protocol::ErrorCode::bad_request, why);
  }
  settings.registration_opens_ms = now;
  settings.created_by = call.user->id;
  settings.created_ms = now;
  db::AuditEntry entry = audit(call, "tournament.create", "", settings.name);
  desk.writer.submit_for<TournamentId>(
      [settings, entry](db::Stores& stores) mutable -> db::DbResult<TournamentId> {
        auto id = stores.tournaments().create(settings);
        if (!id) return id;
        entry.detail = tournament_detail(*id) + ": " + entry.detail;
        if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
        return id;
      },
      [&desk, call](db::DbResult<TournamentId> id) {
        if (!id) return reply_change_error(call, id.error());
        spdlog::info("admin action=tournament.create admin={} tournament={}", call.user->name, *id);
        desk.tournaments.follow(*id);
        call.reply(protocol::reply_tournament_created(call.id, *id));
      });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentEdit& r) {
  std::string fields;
  for (const auto& f : r.fields) fields += (fields.empty() ? "" : ",") + f;
  audited_change(desk, call, r.tournament,
                 audit(call, "tournament.edit", r.reason, tournament_detail(r.tournament) + ": " + fields),
                 [r, rules = desk.plan_rules, now = call.now_ms()](db::Stores& stores, const db::StoredTournament& t,
                                                                   db::AuditEntry&) -> db::DbResult<Done> {
                   if (t.status != "registration") {
                     return db::db_failure(db::DbErrorKind::conflict,
                                           "only a tournament in registration can be edited");
                   }
                   const auto given = [&r](std::string_view field) {
                     return std::find(r.fields.begin(), r.fields.end(), field) != r.fields.end();
                   };
                   db::TournamentSettings s = t.settings;
                   apply_definition(r.change, given, rules, now, s);
                   if (const std::string why = definition_problem(s); !why.empty()) {
                     return db::db_failure(db::DbErrorKind::invalid_argument, why);
                   }
                   return stores.tournaments().update_settings(t.id, s, given("preset") || given("groups"));
                 });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentEnd& r) {
  audited_change(desk, call, r.tournament, audit(call, "tournament.end", r.reason, tournament_detail(r.tournament)),
                 [now = call.now_ms()](db::Stores& stores, const db::StoredTournament& t,
                                       db::AuditEntry& entry) -> db::DbResult<Done> {
                   if (t.status == "finished")
                     return db::db_failure(db::DbErrorKind::conflict, "the tournament is over");
                   const int round = t.current_round;
                   const db::TournamentRound* row = nullptr;
                   for (const auto& candidate : t.rounds) {
                     if (candidate.number == round) row = &candidate;
                   }
                   entry.detail +=
                       ", after round " + std::to_string(row && row->status != "waiting" ? round : round - 1);
                   if (t.status == "registration" || round == 0)
                     return stored_tournaments::finish_tournament(stores, t.id, 0, now);
                   if (row == nullptr || row->status == "waiting") {
                     if (auto dropped = stores.tournaments().drop_round(t.id, round); !dropped) return dropped;
                     return stored_tournaments::finish_tournament(stores, t.id, round - 1, now);
                   }
                   if (row->status == "finished")
                     return stored_tournaments::finish_tournament(stores, t.id, round, now);
                   // The round in play is the last: the service ends the tournament when its results are in.
                   return stores.tournaments().set_rounds(t.id, round);
                 });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentStart& r) {
  audited_change(desk, call, r.tournament, audit(call, "tournament.start", r.reason, tournament_detail(r.tournament)),
                 [](db::Stores& stores, const db::StoredTournament& t, db::AuditEntry&) -> db::DbResult<Done> {
                   if (t.status != "registration")
                     return db::db_failure(db::DbErrorKind::conflict, "the tournament has started");
                   return stores.tournaments().set_status(t.id, "running", 0);
                 });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentRepair& r) {
  audited_change(
      desk, call, r.tournament, audit(call, "tournament.repair", r.reason, tournament_detail(r.tournament)),
      [](db::Stores& stores, const db::StoredTournament& t, db::AuditEntry& entry) -> db::DbResult<Done> {
        const int round = t.current_round;
        bool waiting = false;
        for (const auto& row : t.rounds) waiting |= row.number == round && row.status == "waiting";
        if (t.status != "running" || round == 0 || !waiting) {
          return db::db_failure(db::DbErrorKind::conflict, "no round is waiting to start");
        }
        auto pairings = stored_tournaments::pair_round(t, round);
        if (!pairings) return db::db_failure(db::DbErrorKind::conflict, pairings.error());
        entry.detail += ", round " + std::to_string(round);
        auto stored = stores.tournaments().replace_pairings(t.id, round, *pairings);
        if (!stored) return unexpected(stored.error());
        return Done{};
      },
      TournamentService::Pairs::yes);
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentResult& r) {
  audited_change(desk, call, r.tournament,
                 audit(call, "tournament.result", r.reason, tournament_detail(r.tournament) + ": " + r.result),
                 [pairing = r.pairing, result = r.result, now = call.now_ms()](
                     db::Stores& stores, const db::StoredTournament& t, db::AuditEntry& entry) -> db::DbResult<Done> {
                   for (const auto& p : t.pairings) {
                     if (p.id != pairing) continue;
                     if (!p.white_id) return db::db_failure(db::DbErrorKind::conflict, "a bye has no result to set");
                     entry.target_game_id = p.game_id;
                     entry.target_user_id = p.black_id;
                     return stores.tournaments().set_result(pairing, result, "admin", now);
                   }
                   return db::db_failure(db::DbErrorKind::not_found, "no such pairing in this tournament");
                 });
}

void admin(const AdminDesk& desk, const Call& call, const req::AdminTournamentWithdraw& r) {
  audited_change(
      desk, call, r.tournament, audit(call, "tournament.withdraw", r.reason, tournament_detail(r.tournament)),
      [key = session::name_key(r.user)](db::Stores& stores, const db::StoredTournament& t,
                                        db::AuditEntry& entry) -> db::DbResult<Done> {
        auto user = stores.users().find_by_name_key(key);
        if (!user) return unexpected(user.error());
        if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
        entry.target_user_id = (*user)->id;
        if (t.status == "finished") return db::db_failure(db::DbErrorKind::conflict, "the tournament is over");
        return stores.tournaments().withdraw(t.id, (*user)->id, stored_tournaments::last_round_before_withdrawal(t));
      });
}

}  // namespace yunzi::app
