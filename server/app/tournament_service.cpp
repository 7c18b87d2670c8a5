#include "server/app/tournament_service.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/tournament_payloads.hpp"
#include "server/game/room.hpp"
#include "server/session/online_users.hpp"
#include "server/stored_tournaments/tournament_announcements.hpp"
#include "server/stored_tournaments/tournament_entrants.hpp"
#include "server/stored_tournaments/tournament_finish.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::app {
namespace {

bool decided(const db::TournamentPairing& p) { return p.outcome != "pending"; }

const db::TournamentRound* round_row(const db::StoredTournament& t, int number) {
  for (const auto& r : t.rounds) {
    if (r.number == number) return &r;
  }
  return nullptr;
}

struct StartedGame {
  std::int64_t pairing = 0;
  GameId game = 0;
  lobby::GamePlan plan;
  std::optional<db::GameFence> fence;
};

// Where a tournament stands, as far as its steps go: a step is taken only
// from the place it was planned at.
struct Place {
  std::string status;
  int round = 0;
  std::string round_status;
  bool operator==(const Place&) const = default;
};

Place place_of(const db::StoredTournament& t) {
  const db::TournamentRound* row = round_row(t, t.current_round);
  return Place{t.status, t.current_round, row ? row->status : ""};
}

// Gives each pending pairing whose game has ended the game's result.
db::DbResult<Done> settle_ended_games(db::Stores& stores, TournamentId id) {
  auto t = stores.tournaments().load(id);
  if (!t) return unexpected(t.error());
  if (!*t) return Done{};
  for (const db::TournamentPairing& p : (*t)->pairings) {
    if (decided(p) || !p.game_id) continue;
    auto game = stores.games().load(*p.game_id);
    if (!game) return unexpected(game.error());
    if (!*game || (*game)->game.status != db::GameStatus::ended || !(*game)->game.result) continue;
    const db::GameRecord& row = (*game)->game;
    if (auto set =
            stores.tournaments().set_result(p.id, stored_tournaments::outcome_of_result(*row.result),
                                            stored_tournaments::pairing_how(*row.result), row.ended_ms.value_or(0));
        !set) {
      return set;
    }
  }
  return Done{};
}

// The result of a pairing one of whose players has withdrawn: no game, a forfeit.
std::string outcome_without(bool black_plays, bool white_plays) {
  if (black_plays) return "black_wins";
  if (white_plays) return "white_wins";
  return "both_lose";
}

// What a round's start wrote: the games to start, and the tournament as it
// left it (games linked, forfeits decided) to announce; none when the round
// had already started.
struct RoundStart {
  std::vector<StartedGame> games;
  std::optional<db::StoredTournament> after;
};

}  // namespace

TournamentService::TournamentService(boost::asio::io_context& io, db::Writer& writer, db::ReadPool& reads,
                                     const NowMs& now_ms, game::GameRegistry& games, StartRoom start_room,
                                     TellUser tell_user, const Elsewhere& elsewhere)
    : writer_(writer),
      reads_(reads),
      now_ms_(now_ms),
      games_(games),
      start_room_(std::move(start_room)),
      tell_user_(std::move(tell_user)),
      elsewhere_(elsewhere),
      strand_(boost::asio::make_strand(io)) {}

Expected<std::size_t, std::string> TournamentService::restore() {
  auto ids =
      reads_.read<std::vector<TournamentId>>([](db::Stores& stores) { return stores.tournaments().unfinished(); });
  if (!ids) return unexpected("cannot read the tournaments: " + ids.error().message);
  for (TournamentId id : *ids) {
    // A game that ended just before the server stopped may have missed its tournament's result.
    change(id, [id](db::Stores& stores) { return settle_ended_games(stores, id); }, {});
  }
  return ids->size();
}

void TournamentService::follow(TournamentId id) {
  change(id, [](db::Stores&) { return db::DbResult<Done>(Done{}); }, {});
}

void TournamentService::change(TournamentId id, Change work, Written written, Pairs pairs) {
  write(id, std::move(work), std::move(written), pairs == Pairs::yes ? std::make_shared<const bool>(true) : nullptr);
}

void TournamentService::write(TournamentId id, Change work, Written written,
                              std::shared_ptr<const bool> pairs_written) {
  auto self = shared_from_this();
  boost::asio::post(strand_, [self, id, work = std::move(work), written = std::move(written),
                              pairs_written = std::move(pairs_written)]() mutable {
    ++self->entry(id).in_flight;
    self->writer_.submit_for<db::StoredTournament>(
        [id, work = std::move(work)](db::Stores& stores) -> db::DbResult<db::StoredTournament> {
          if (auto locked = stores.tournaments().lock(id); !locked) return unexpected(locked.error());
          if (auto done = work(stores); !done) return unexpected(done.error());
          auto loaded = stores.tournaments().load(id);
          if (!loaded) return unexpected(loaded.error());
          if (!*loaded) return db::db_failure(db::DbErrorKind::not_found, "no such tournament");
          return std::move(**loaded);
        },
        [self, id, written = std::move(written),
         pairs_written = std::move(pairs_written)](db::DbResult<db::StoredTournament> result) {
          if (written) written(result ? db::DbResult<Done>(Done{}) : db::DbResult<Done>(unexpected(result.error())));
          const bool paired = result && pairs_written && *pairs_written;
          boost::asio::post(self->strand_, [self, id, paired, result = std::move(result)]() mutable {
            Running& r = self->entry(id);
            --r.in_flight;
            if (result) {
              r.t = std::move(*result);
              r.loaded = true;
            }
            if (paired) r.pairings_written = true;
            // A failed change to a tournament never loaded (an unknown id) leaves nothing behind.
            if (!r.loaded && r.in_flight == 0) {
              self->running_.erase(id);
              return;
            }
            self->advance(id);
          });
        });
  });
}

TournamentService::Running& TournamentService::entry(TournamentId id) {
  Running& r = running_[id];
  if (!r.timer) {
    r.timer = std::make_unique<boost::asio::steady_timer>(strand_);
    r.followed_since_ms = now_ms_();
  }
  return r;
}

void TournamentService::step(Running& r, Change work, Pairs pairs) {
  ++r.in_flight;  // no other step starts before this one's write is on its way
  // Set in the writer when the step is taken here; read once the write is done.
  auto taken = std::make_shared<bool>(false);
  write(
      r.t.id,
      [id = r.t.id, planned_at = place_of(r.t), work = std::move(work),
       taken](db::Stores& stores) -> db::DbResult<Done> {
        auto now = stores.tournaments().load(id);
        if (!now) return unexpected(now.error());
        // Another node of the cluster took the step (or another one) first.
        if (!*now || place_of(**now) != planned_at) return Done{};
        auto done = work(stores);
        *taken = done.has_value();
        return done;
      },
      {}, pairs == Pairs::yes ? taken : nullptr);
  boost::asio::post(strand_, [self = shared_from_this(), id = r.t.id] { --self->entry(id).in_flight; });
}

void TournamentService::arm(Running& r, TimeMs at) {
  // At most a day at a time: a round set years ahead must not overflow the timer; advance() re-arms.
  constexpr TimeMs longest_wait = 24 * 3600 * 1000;
  const TimeMs wait = std::clamp<TimeMs>(at - now_ms_(), 0, longest_wait);
  r.timer->expires_after(std::chrono::milliseconds(wait));
  r.timer->async_wait([self = shared_from_this(), id = r.t.id](boost::system::error_code ec) {
    if (!ec) self->advance(id);
  });
}

void TournamentService::advance(TournamentId id) {
  auto it = running_.find(id);
  if (it == running_.end()) return;
  Running& r = it->second;
  if (r.in_flight > 0 || !r.loaded) return;
  r.timer->cancel();
  const bool pairings_written = std::exchange(r.pairings_written, false);
  const db::StoredTournament& t = r.t;
  const TimeMs now = now_ms_();
  if (t.status == "finished") {
    spdlog::info("tournament finished tournament={} name={}", t.id, t.settings.name);
    running_.erase(it);
    return;
  }
  if (t.status == "registration") {
    if (now < t.settings.registration_closes_ms) return arm(r, t.settings.registration_closes_ms);
    return step(r, [id](db::Stores& stores) { return stores.tournaments().set_status(id, "running", 0); });
  }
  const int current = t.current_round;
  if (current == 0) return pair_next(r, 1);
  const db::TournamentRound* round = round_row(t, current);
  if (round == nullptr) return pair_next(r, current);
  if (round->status == "waiting") {
    if (round->scheduled_ms && now < *round->scheduled_ms) {
      // Paired ahead of its start (a gap, a fixed time): the players learn their pairing and when it starts now,
      // and their games come when it starts. A round that starts at once is told only then, as it starts.
      if (pairings_written) tell_pairings(t, current, *round->scheduled_ms);
      return arm(r, *round->scheduled_ms);
    }
    return start_round(r);
  }
  if (round->status == "playing") {
    const bool all_decided = std::all_of(t.pairings.begin(), t.pairings.end(),
                                         [current](const auto& p) { return p.round != current || decided(p); });
    if (all_decided) {
      db::TournamentRound ended = *round;
      ended.status = "finished";
      ended.ended_ms = now;
      return step(r, [id, ended](db::Stores& stores) { return stores.tournaments().save_round(id, ended); });
    }
    const TimeMs deadline = round->started_ms.value_or(now) + t.settings.no_show_ms;
    // The players of a round whose deadline passed while the server was down were
    // absent for everybody alike; the restored games' disconnection grace covers them.
    if (deadline < r.followed_since_ms) r.no_show_checked = current;
    if (r.no_show_checked < current) {
      if (now >= deadline) return check_no_shows(r);
      return arm(r, deadline);
    }
    return;
  }
  // The round is finished.
  if (current >= stored_tournaments::rounds_to_play(t)) {
    return step(r, [id, current, now](db::Stores& stores) {
      return stored_tournaments::finish_tournament(stores, id, current, now);
    });
  }
  pair_next(r, current + 1);
}

void TournamentService::pair_next(Running& r, int round) {
  const db::StoredTournament& t = r.t;
  auto pairings = stored_tournaments::pair_round(t, round);
  if (pairings && pairings->empty()) pairings = unexpected(std::string("nobody is left to play"));
  if (!pairings) {
    // Nothing more can be paired (too few players left, or only repeats): the tournament ends here.
    spdlog::warn("tournament not paired tournament={} round={} why={}", t.id, round, pairings.error());
    const int last = round - 1;
    return step(r, [id = t.id, last, now = now_ms_()](db::Stores& stores) {
      return stored_tournaments::finish_tournament(stores, id, last, now);
    });
  }
  db::TournamentRound row{round, now_ms_() + t.settings.round_gap_ms, "waiting", std::nullopt, std::nullopt};
  if (t.settings.round_start == "fixed" && round <= static_cast<int>(t.settings.round_times.size())) {
    row.scheduled_ms = t.settings.round_times[static_cast<std::size_t>(round - 1)];
  }
  step(
      r,
      [id = t.id, round, row, pairings = std::move(*pairings)](db::Stores& stores) -> db::DbResult<Done> {
        if (auto stored = stores.tournaments().replace_pairings(id, round, pairings); !stored) {
          return unexpected(stored.error());
        }
        if (auto saved = stores.tournaments().save_round(id, row); !saved) return saved;
        return stores.tournaments().set_status(id, "running", round);
      },
      Pairs::yes);
  spdlog::info("tournament paired tournament={} round={}", t.id, round);
}

void TournamentService::start_round(Running& r) {
  ++r.in_flight;
  const db::StoredTournament t = r.t;
  const int round = t.current_round;
  const TimeMs now = now_ms_();
  auto self = shared_from_this();
  writer_.submit_for<RoundStart>(
      [id = t.id, round, now, &elsewhere = elsewhere_](db::Stores& stores) -> db::DbResult<RoundStart> {
        // Read again here, under the row's lock: only what the database holds decides which games still need
        // creating.
        if (auto locked = stores.tournaments().lock(id); !locked) return unexpected(locked.error());
        auto fresh = stores.tournaments().load(id);
        if (!fresh) return unexpected(fresh.error());
        if (!*fresh) return db::db_failure(db::DbErrorKind::not_found, "no such tournament");
        const db::StoredTournament& t = **fresh;
        const db::TournamentRound* row = round_row(t, round);
        if (row == nullptr || row->status != "waiting") return RoundStart{};
        std::vector<StartedGame> started;
        for (const db::TournamentPairing& p : t.pairings) {
          if (p.round != round || !p.white_id || p.game_id || decided(p)) continue;
          const bool black_plays = stored_tournaments::plays_in(t, p.black_id, round);
          const bool white_plays = stored_tournaments::plays_in(t, *p.white_id, round);
          if (!black_plays || !white_plays) {
            if (auto set =
                    stores.tournaments().set_result(p.id, outcome_without(black_plays, white_plays), "forfeit", now);
                !set) {
              return unexpected(set.error());
            }
            continue;
          }
          auto black = stores.users().find_by_id(p.black_id);
          if (!black) return unexpected(black.error());
          auto white = stores.users().find_by_id(*p.white_id);
          if (!white) return unexpected(white.error());
          if (!*black || !*white) return db::db_failure(db::DbErrorKind::not_found, "a paired player is gone");
          lobby::GamePlan plan{stored_tournaments::game_settings_of(t.settings, p),
                               lobby::Contender{p.black_id, session::user_info(**black)},
                               lobby::Contender{*p.white_id, session::user_info(**white)}};
          auto game = stores.games().create(lobby::new_game_row(plan, now));
          if (!game) return unexpected(game.error());
          if (auto linked = stores.tournaments().set_pairing_game(p.id, *game); !linked)
            return unexpected(linked.error());
          // Claimed with its creation, so that this node runs it from its first move.
          auto fence = elsewhere.claim_new_game(stores, *game, now);
          if (!fence) return unexpected(fence.error());
          started.push_back({p.id, *game, std::move(plan), std::move(*fence)});
        }
        auto saved = stores.tournaments().save_round(
            t.id, db::TournamentRound{round, row->scheduled_ms, "playing", now, std::nullopt});
        if (!saved) return unexpected(saved.error());
        auto after = stores.tournaments().load(id);
        if (!after) return unexpected(after.error());
        return RoundStart{std::move(started), std::move(*after)};
      },
      [self, t, round, now](db::DbResult<RoundStart> started) {
        if (!started) {
          spdlog::error("tournament round not started tournament={} round={} error={}", t.id, round,
                        started.error().message);
          boost::asio::post(self->strand_, [self, id = t.id] { --self->entry(id).in_flight; });
          return;
        }
        boost::asio::post(self->strand_, [self, t, round, now, started = std::move(*started)] {
          // The games are linked to their pairings before their rooms open, so a game that ends
          // at once finds its pairing here.
          if (started.after) self->entry(t.id).t = *started.after;
          for (const StartedGame& s : started.games) {
            if (s.plan.settings.rated) self->games_.reserve_rated(s.plan.black.id, s.plan.white.id);
            self->start_room_(s.game, s.plan, s.fence);
          }
          if (started.after) self->announce_round(*started.after, round, now);
          spdlog::info("tournament round started tournament={} round={} games={}", t.id, round, started.games.size());
          self->change(t.id, [](db::Stores&) { return db::DbResult<Done>(Done{}); }, {});
          boost::asio::post(self->strand_, [self, id = t.id] { --self->entry(id).in_flight; });
        });
      });
}

void TournamentService::tell_pairings(const db::StoredTournament& t, int round, TimeMs starts_ms) {
  for (const auto& [user, pairing] : stored_tournaments::player_pairings(t, round, starts_ms)) {
    tell_user_(user, protocol::tournament_pairing(pairing));
  }
}

void TournamentService::announce_round(const db::StoredTournament& t, int round, TimeMs started_ms) {
  tell_pairings(t, round, started_ms);
  const protocol::Frame frame = protocol::tournament_round(stored_tournaments::round_event(t, round));
  for (const auto& e : t.entrants) tell_user_(e.user_id, frame);
}

// Presence is the room's: a player counts as here through any connection in
// the game, on any node of a cluster.
void TournamentService::check_no_shows(Running& r) {
  const db::StoredTournament& t = r.t;
  r.no_show_checked = t.current_round;
  for (const db::TournamentPairing& p : t.pairings) {
    if (p.round != t.current_round || decided(p) || !p.game_id || !p.white_id) continue;
    auto room = games_.find(*p.game_id);
    if (!room) continue;
    room->forfeit_absent(
        "absent at the tournament's no-show deadline",
        [self = shared_from_this(), id = t.id, pairing = p.id, game = *p.game_id](bool black_here, bool white_here) {
          if (black_here && white_here) return;
          spdlog::info("tournament no-show tournament={} game={} black_here={} white_here={}", id, game, black_here,
                       white_here);
          if (black_here || white_here) return;
          // Both absent: both lose, whatever the room's forfeit says.
          self->change(id,
                       [pairing, now = self->now_ms_()](db::Stores& stores) {
                         return stores.tournaments().set_result(pairing, "both_lose", "forfeit", now);
                       },
                       {});
        });
  }
}

void TournamentService::game_ended(GameId game, const protocol::GameEnd& end) {
  boost::asio::post(strand_, [self = shared_from_this(), game, end] {
    for (auto& [id, r] : self->running_) {
      for (const db::TournamentPairing& p : r.t.pairings) {
        if (p.game_id != game) continue;
        const std::string outcome = stored_tournaments::outcome_of_result(end.result);
        const std::string how = stored_tournaments::pairing_how(end.result);
        spdlog::info("tournament result tournament={} game={} outcome={} how={}", id, game, outcome, how);
        self->change(id,
                     [game, outcome, how, now = self->now_ms_()](db::Stores& stores) -> db::DbResult<Done> {
                       // A pairing decided meanwhile (both players absent: both lose) keeps its result.
                       auto found = stores.tournaments().pairing_of_game(game);
                       if (!found) return unexpected(found.error());
                       if (!*found || decided((*found)->second)) return Done{};
                       return stores.tournaments().set_result((*found)->second.id, outcome, how, now);
                     },
                     {});
        return;
      }
    }
  });
}

}  // namespace yunzi::app
