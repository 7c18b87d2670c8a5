// tournament.*: the list, details, pairings and standings are read on the
// read pool's threads; registration and withdrawal go through the tournament service.
#include "server/app/tournament_requests.hpp"

#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/tournament_service.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::app {
namespace {

namespace req = protocol::req;

// `then` gets the tournament; a failed read or an unknown id is answered here.
void read_tournament(const Call& call, TournamentId id,
                     std::function<void(const Call&, const db::StoredTournament&)> then) {
  read_found<db::StoredTournament>(
      call, [id](db::Stores& stores) { return stores.tournaments().load(id); }, "no such tournament", std::move(then));
}

db::DbResult<db::StoredTournament> load_for_change(db::Stores& stores, TournamentId id) {
  auto loaded = stores.tournaments().load(id);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded) return db::db_failure(db::DbErrorKind::not_found, "no such tournament");
  return std::move(**loaded);
}

// A player may register during the registration window, and join a running
// Swiss or McMahon from its next unpaired round.
db::DbResult<int> first_round_for_entry(const db::StoredTournament& t, TimeMs now) {
  if (t.status == "registration") {
    if (now < t.settings.registration_opens_ms)
      return db::db_failure(db::DbErrorKind::conflict, "registration has not opened yet");
    return 1;
  }
  const bool swiss = t.settings.system == "swiss" || t.settings.system == "mcmahon";
  if (t.status == "running" && swiss && t.current_round < t.settings.rounds) return t.current_round + 1;
  return db::db_failure(db::DbErrorKind::conflict, "registration is closed");
}

}  // namespace

void reply_change_error(const Call& call, const db::DbError& error) {
  switch (error.kind) {
    case db::DbErrorKind::not_found: return call.error(protocol::ErrorCode::not_found, error.message);
    case db::DbErrorKind::conflict: return call.error(protocol::ErrorCode::conflict, error.message);
    case db::DbErrorKind::invalid_argument: return call.error(protocol::ErrorCode::bad_request, error.message);
    case db::DbErrorKind::constraint: return call.error(protocol::ErrorCode::conflict, "already registered");
    default: return call.error(protocol::ErrorCode::internal, "the change could not be stored; try again");
  }
}

void handle(const TournamentDesk&, const Call& call, const req::TournamentList& r) {
  read_or_fail<std::vector<db::TournamentSummary>>(
      call, [limit = r.limit](db::Stores& stores) { return stores.tournaments().list(limit); },
      "the tournaments could not be read",
      [](const Call& c, const std::vector<db::TournamentSummary>& listed) {
        std::vector<protocol::TournamentSummaryInfo> out;
        for (const auto& t : listed) out.push_back(stored_tournaments::summary_info(t));
        c.reply(protocol::reply_tournaments(c.id, out));
      });
}

void handle(const TournamentDesk&, const Call& call, const req::TournamentInfo& r) {
  read_tournament(call, r.tournament, [](const Call& c, const db::StoredTournament& t) {
    c.reply(protocol::reply_tournament(c.id, stored_tournaments::details_of(t)));
  });
}

void handle(const TournamentDesk&, const Call& call, const req::TournamentPairings& r) {
  read_tournament(call, r.tournament, [asked = r.round](const Call& c, const db::StoredTournament& t) {
    // Before round 1 is paired there is no latest round to show: round 0 would be an empty pairing, not an answer.
    if (t.current_round == 0) return c.error(protocol::ErrorCode::not_found, "no round is paired yet");
    const int round = asked.value_or(t.current_round);
    if (round > t.current_round) return c.error(protocol::ErrorCode::not_found, "that round is not paired yet");
    c.reply(protocol::reply_tournament_pairings(c.id, t.id, round, stored_tournaments::pairings_of(t, round)));
  });
}

void handle(const TournamentDesk&, const Call& call, const req::TournamentStandings& r) {
  read_tournament(call, r.tournament, [](const Call& c, const db::StoredTournament& t) {
    c.reply(protocol::reply_tournament_standings(c.id, t.id, t.current_round, stored_tournaments::standings_of(t)));
  });
}

void handle(const TournamentDesk& desk, const Call& call, const req::TournamentRegister& r) {
  const UserId user = call.user->id;
  const TimeMs now = call.now_ms();
  desk.tournaments.change(
      r.tournament,
      [id = r.tournament, user, now](db::Stores& stores) -> db::DbResult<Done> {
        auto t = load_for_change(stores, id);
        if (!t) return unexpected(t.error());
        auto first_round = first_round_for_entry(*t, now);
        if (!first_round) return unexpected(first_round.error());
        auto account = stores.users().find_by_id(user);
        if (!account) return unexpected(account.error());
        if (!*account) return db::db_failure(db::DbErrorKind::not_found, "no such user");
        const auto group = stored_tournaments::group_for_rank(t->settings, (*account)->rank);
        if (!group)
          return db::db_failure(db::DbErrorKind::invalid_argument, "no group of this tournament takes your rank");
        return stores.tournaments().add_entrant(
            id, db::TournamentEntrant{user, "", *group, (*account)->rank, *first_round, std::nullopt, now});
      },
      [call](db::DbResult<Done> done) {
        if (!done) return reply_change_error(call, done.error());
        call.ok();
      });
}

void handle(const TournamentDesk& desk, const Call& call, const req::TournamentWithdraw& r) {
  const UserId user = call.user->id;
  desk.tournaments.change(
      r.tournament,
      [id = r.tournament, user](db::Stores& stores) -> db::DbResult<Done> {
        auto t = load_for_change(stores, id);
        if (!t) return unexpected(t.error());
        if (t->status == "finished") return db::db_failure(db::DbErrorKind::conflict, "the tournament is over");
        return stores.tournaments().withdraw(id, user, stored_tournaments::last_round_before_withdrawal(*t));
      },
      [call](db::DbResult<Done> done) {
        if (!done) return reply_change_error(call, done.error());
        call.ok();
      });
}

}  // namespace yunzi::app
