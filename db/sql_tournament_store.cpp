#include "db/sql_tournament_store.hpp"

#include "db/row_reading.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

namespace {

TournamentPairing read_pairing(const Row& row, int first = 0) {
  TournamentPairing p;
  p.id = row.integer(first);
  p.group_id = row.integer(first + 1);
  p.round = static_cast<int>(row.integer(first + 2));
  p.black_id = row.integer(first + 3);
  p.white_id = row.optional_integer(first + 4);
  p.game_id = row.optional_integer(first + 5);
  p.outcome = row.text(first + 6);
  p.how = row.text(first + 7);
  p.decided_ms = row.optional_integer(first + 8);
  p.handicap = static_cast<int>(row.integer(first + 9));
  return p;
}

// The columns read_pairing reads, in its order, and the queries that read them (built once).
const std::string pairing_columns =
    "id, group_id, round, black_id, white_id, game_id, outcome, how, decided_ms, handicap ";
const std::string pairings_of_tournament =
    "SELECT " + pairing_columns + "FROM tournament_pairings WHERE tournament_id = ? ORDER BY round, id";
const std::string pairings_of_round =
    "SELECT " + pairing_columns + "FROM tournament_pairings WHERE tournament_id = ? AND round = ? ORDER BY id";
const std::string pairing_of_game_sql =
    "SELECT tournament_id, " + pairing_columns + "FROM tournament_pairings WHERE game_id = ?";

// A round may be paired again or dropped only while none of its games exists.
DbResult<Done> check_not_started(Connection& db, TournamentId id, int round) {
  auto started = read_first<std::int64_t>(
      db.query("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = ? AND round = ? AND game_id IS NOT NULL",
               id, round),
      [](const Row& row) { return row.integer(0); });
  if (!started) return unexpected(started.error());
  if (started->value_or(0) > 0) {
    return db_failure(DbErrorKind::conflict, "round " + std::to_string(round) + " has started");
  }
  return Done{};
}

std::optional<int> optional_int(const Row& row, int column) {
  auto value = row.optional_integer(column);
  if (!value) return std::nullopt;
  return static_cast<int>(*value);
}

}  // namespace

DbResult<TournamentId> SqlTournamentStore::create(const TournamentSettings& s) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto id = db_.insert(
      "INSERT INTO tournaments (name, system, mcmahon_bar, mcmahon_floor, size, komi, clock_json, rated, rounds, "
      "registration_opens_ms, registration_closes_ms, round_start, round_gap_ms, no_show_ms, bye_points, tie_breaks, "
      "pairing, first_round_pairing, handicap_max, handicap_reduction, created_by, created_ms) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      s.name, s.system, s.mcmahon_bar, s.mcmahon_floor, s.size, s.komi, s.clock_json, s.rated, s.rounds,
      s.registration_opens_ms, s.registration_closes_ms, s.round_start, s.round_gap_ms, s.no_show_ms, s.bye_points,
      s.tie_breaks, s.pairing, s.first_round_pairing, s.handicap_max, s.handicap_reduction, s.created_by, s.created_ms);
  if (!id) return id;
  if (auto parts = write_parts(*id, s, true); !parts) return unexpected(parts.error());
  auto committed = tx->commit();
  if (!committed) return unexpected(committed.error());
  return id;
}

DbResult<Done> SqlTournamentStore::write_parts(TournamentId id, const TournamentSettings& s, bool groups) {
  if (groups) {
    for (std::size_t i = 0; i < s.groups.size(); ++i) {
      const TournamentGroup& g = s.groups[i];
      auto added = db_.execute(
          "INSERT INTO tournament_groups (tournament_id, position, name, min_rank, max_rank) VALUES (?, ?, ?, ?, ?)",
          id, static_cast<int>(i), g.name, g.min_rank, g.max_rank);
      if (!added) return added;
    }
  }
  for (const BonusPoints& b : s.bonus_points) {
    auto added = db_.execute("INSERT INTO tournament_bonus_points (tournament_id, place, points) VALUES (?, ?, ?)", id,
                             b.place, b.points);
    if (!added) return added;
  }
  for (std::size_t i = 0; i < s.round_times.size(); ++i) {
    auto added = db_.execute("INSERT INTO tournament_rounds (tournament_id, number, scheduled_ms) VALUES (?, ?, ?)", id,
                             static_cast<int>(i) + 1, s.round_times[i]);
    if (!added) return added;
  }
  return Done{};
}

DbResult<Done> SqlTournamentStore::update_settings(TournamentId id, const TournamentSettings& s, bool replace_groups) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto updated = db_.execute(
      "UPDATE tournaments SET name = ?, system = ?, mcmahon_bar = ?, mcmahon_floor = ?, size = ?, komi = ?, "
      "clock_json = ?, rated = ?, rounds = ?, registration_closes_ms = ?, round_start = ?, round_gap_ms = ?, "
      "no_show_ms = ?, bye_points = ?, tie_breaks = ?, pairing = ?, first_round_pairing = ?, handicap_max = ?, "
      "handicap_reduction = ? WHERE id = ? AND status = 'registration'",
      s.name, s.system, s.mcmahon_bar, s.mcmahon_floor, s.size, s.komi, s.clock_json, s.rated, s.rounds,
      s.registration_closes_ms, s.round_start, s.round_gap_ms, s.no_show_ms, s.bye_points, s.tie_breaks, s.pairing,
      s.first_round_pairing, s.handicap_max, s.handicap_reduction, id);
  if (!updated) return updated;
  if (db_.changes() == 0) return db_failure(DbErrorKind::conflict, "only a tournament in registration can be edited");
  if (replace_groups) {
    auto entrants =
        read_first<std::int64_t>(db_.query("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ?", id),
                                 [](const Row& row) { return row.integer(0); });
    if (!entrants) return unexpected(entrants.error());
    if (entrants->value_or(0) > 0) {
      return db_failure(DbErrorKind::conflict, "the groups cannot change once players are entered");
    }
    if (auto cleared = db_.execute("DELETE FROM tournament_groups WHERE tournament_id = ?", id); !cleared) {
      return cleared;
    }
  }
  if (auto cleared = db_.execute("DELETE FROM tournament_bonus_points WHERE tournament_id = ?", id); !cleared) {
    return cleared;
  }
  if (auto cleared = db_.execute("DELETE FROM tournament_rounds WHERE tournament_id = ?", id); !cleared) return cleared;
  if (auto parts = write_parts(id, s, replace_groups); !parts) return parts;
  return tx->commit();
}

DbResult<Done> SqlTournamentStore::set_rounds(TournamentId id, int last_round) {
  return expect_changed(db_, db_.execute("UPDATE tournaments SET rounds = ? WHERE id = ?", last_round, id),
                        "tournament " + std::to_string(id));
}

DbResult<Done> SqlTournamentStore::drop_round(TournamentId id, int round) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  if (auto open = check_not_started(db_, id, round); !open) return unexpected(open.error());
  if (auto cleared = db_.execute("DELETE FROM tournament_pairings WHERE tournament_id = ? AND round = ?", id, round);
      !cleared) {
    return cleared;
  }
  if (auto cleared = db_.execute("DELETE FROM tournament_rounds WHERE tournament_id = ? AND number = ?", id, round);
      !cleared) {
    return cleared;
  }
  return tx->commit();
}

DbResult<Done> SqlTournamentStore::record_award(const TournamentAward& a) {
  return db_.execute(
      "INSERT INTO tournament_awards (tournament_id, user_id, place, points, rank, awarded_ms) VALUES (?, ?, ?, ?, ?, ?)",
      a.tournament_id, a.user_id, a.place, a.points, a.rank, a.awarded_ms);
}

DbResult<std::vector<TournamentAward>> SqlTournamentStore::awards_of_user(UserId user, TimeMs since_ms) {
  return read_all<TournamentAward>(
      db_.query("SELECT tournament_id, user_id, place, points, rank, awarded_ms FROM tournament_awards "
                "WHERE user_id = ? AND awarded_ms >= ? ORDER BY awarded_ms, tournament_id",
                user, since_ms),
      [](const Row& row) -> DbResult<TournamentAward> {
        auto rank = row.rank(4);
        if (!rank) return unexpected(rank.error());
        return TournamentAward{
            row.integer(0), row.integer(1), static_cast<int>(row.integer(2)), static_cast<int>(row.integer(3)),
            *rank,          row.integer(5)};
      });
}

DbResult<std::vector<TournamentSummary>> SqlTournamentStore::list(int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<TournamentSummary>(
      db_.query("SELECT t.id, t.name, t.system, t.status, t.rounds, t.current_round, "
                "(SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id), t.registration_closes_ms "
                "FROM tournaments t ORDER BY t.id DESC LIMIT ?",
                *page),
      [](const Row& row) {
        return TournamentSummary{row.integer(0),
                                 row.text(1),
                                 row.text(2),
                                 row.text(3),
                                 static_cast<int>(row.integer(4)),
                                 static_cast<int>(row.integer(5)),
                                 static_cast<int>(row.integer(6)),
                                 row.integer(7)};
      });
}

DbResult<std::optional<StoredTournament>> SqlTournamentStore::load(TournamentId id) {
  auto head = read_first<StoredTournament>(
      db_.query(
          "SELECT name, system, mcmahon_bar, mcmahon_floor, size, komi, clock_json, rated, rounds, "
          "registration_opens_ms, registration_closes_ms, round_start, round_gap_ms, no_show_ms, bye_points, "
          "tie_breaks, created_by, created_ms, status, current_round, pairing, first_round_pairing, handicap_max, "
          "handicap_reduction "
          "FROM tournaments WHERE id = ?",
          id),
      [id](const Row& row) -> DbResult<StoredTournament> {
        auto bar = row.rank(2);
        if (!bar) return unexpected(bar.error());
        auto floor = row.rank(3);
        if (!floor) return unexpected(floor.error());
        StoredTournament t;
        t.id = id;
        TournamentSettings& s = t.settings;
        s.name = row.text(0);
        s.system = row.text(1);
        s.mcmahon_bar = *bar;
        s.mcmahon_floor = *floor;
        s.size = static_cast<int>(row.integer(4));
        s.komi = row.real(5);
        s.clock_json = row.text(6);
        s.rated = row.integer(7) != 0;
        s.rounds = static_cast<int>(row.integer(8));
        s.registration_opens_ms = row.integer(9);
        s.registration_closes_ms = row.integer(10);
        s.round_start = row.text(11);
        s.round_gap_ms = row.integer(12);
        s.no_show_ms = row.integer(13);
        s.bye_points = static_cast<int>(row.integer(14));
        s.tie_breaks = row.text(15);
        s.created_by = row.optional_integer(16);
        s.created_ms = row.integer(17);
        t.status = row.text(18);
        t.current_round = static_cast<int>(row.integer(19));
        s.pairing = row.text(20);
        s.first_round_pairing = row.text(21);
        s.handicap_max = static_cast<int>(row.integer(22));
        s.handicap_reduction = static_cast<int>(row.integer(23));
        return t;
      });
  if (!head || !*head) return head;
  StoredTournament& t = **head;
  auto groups = read_all<TournamentGroup>(
      db_.query("SELECT id, name, min_rank, max_rank FROM tournament_groups WHERE tournament_id = ? ORDER BY position",
                id),
      [](const Row& row) -> DbResult<TournamentGroup> {
        auto min_rank = row.rank(2);
        if (!min_rank) return unexpected(min_rank.error());
        auto max_rank = row.rank(3);
        if (!max_rank) return unexpected(max_rank.error());
        return TournamentGroup{row.integer(0), row.text(1), *min_rank, *max_rank};
      });
  if (!groups) return unexpected(groups.error());
  t.settings.groups = std::move(*groups);
  auto bonus = read_all<BonusPoints>(
      db_.query("SELECT place, points FROM tournament_bonus_points WHERE tournament_id = ? ORDER BY place", id),
      [](const Row& row) {
        return BonusPoints{static_cast<int>(row.integer(0)), static_cast<int>(row.integer(1))};
      });
  if (!bonus) return unexpected(bonus.error());
  t.settings.bonus_points = std::move(*bonus);
  auto entrants = read_all<TournamentEntrant>(
      db_.query("SELECT e.user_id, u.name, e.group_id, e.rank, e.first_round, e.withdrawn_after, e.registered_ms "
                "FROM tournament_entrants e JOIN users u ON u.id = e.user_id WHERE e.tournament_id = ? "
                "ORDER BY e.registered_ms, e.user_id",
                id),
      [](const Row& row) -> DbResult<TournamentEntrant> {
        auto rank = row.rank(3);
        if (!rank) return unexpected(rank.error());
        return TournamentEntrant{
            row.integer(0),       row.text(1),   row.integer(2), *rank, static_cast<int>(row.integer(4)),
            optional_int(row, 5), row.integer(6)};
      });
  if (!entrants) return unexpected(entrants.error());
  t.entrants = std::move(*entrants);
  auto rounds = read_all<TournamentRound>(
      db_.query("SELECT number, scheduled_ms, status, started_ms, ended_ms FROM tournament_rounds "
                "WHERE tournament_id = ? ORDER BY number",
                id),
      [](const Row& row) {
        return TournamentRound{static_cast<int>(row.integer(0)), row.optional_integer(1), row.text(2),
                               row.optional_integer(3), row.optional_integer(4)};
      });
  if (!rounds) return unexpected(rounds.error());
  t.rounds = std::move(*rounds);
  for (const TournamentRound& r : t.rounds) {
    if (r.scheduled_ms) t.settings.round_times.push_back(*r.scheduled_ms);
  }
  if (t.settings.round_start != "fixed") t.settings.round_times.clear();
  auto pairings = read_all<TournamentPairing>(db_.query(pairings_of_tournament, id),
                                              [](const Row& row) { return read_pairing(row); });
  if (!pairings) return unexpected(pairings.error());
  t.pairings = std::move(*pairings);
  return head;
}

DbResult<std::vector<TournamentId>> SqlTournamentStore::unfinished() {
  return read_all<TournamentId>(db_.query("SELECT id FROM tournaments WHERE status <> 'finished' ORDER BY id"),
                                [](const Row& row) { return row.integer(0); });
}

DbResult<Done> SqlTournamentStore::add_entrant(TournamentId id, const TournamentEntrant& e) {
  return db_.execute(
      "INSERT INTO tournament_entrants (tournament_id, user_id, group_id, rank, first_round, registered_ms) "
      "VALUES (?, ?, ?, ?, ?, ?)",
      id, e.user_id, e.group_id, e.rank, e.first_round, e.registered_ms);
}

DbResult<Done> SqlTournamentStore::withdraw(TournamentId id, UserId user, std::optional<int> after_round) {
  const std::string what = "entrant " + std::to_string(user) + " of tournament " + std::to_string(id);
  if (!after_round) {
    return expect_changed(
        db_, db_.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?", id, user), what);
  }
  return expect_changed(db_,
                        db_.execute("UPDATE tournament_entrants SET withdrawn_after = ? WHERE tournament_id = ? AND "
                                    "user_id = ?",
                                    *after_round, id, user),
                        what);
}

DbResult<Done> SqlTournamentStore::set_status(TournamentId id, std::string_view status, int current_round) {
  return expect_changed(
      db_, db_.execute("UPDATE tournaments SET status = ?, current_round = ? WHERE id = ?", status, current_round, id),
      "tournament " + std::to_string(id));
}

// A write of nothing, for its row lock (SQLite's one writer orders every transaction already).
DbResult<Done> SqlTournamentStore::lock(TournamentId id) {
  return expect_changed(db_, db_.execute("UPDATE tournaments SET status = status WHERE id = ?", id),
                        "tournament " + std::to_string(id));
}

DbResult<Done> SqlTournamentStore::save_round(TournamentId id, const TournamentRound& r) {
  return db_.execute(
      "INSERT INTO tournament_rounds (tournament_id, number, scheduled_ms, status, started_ms, ended_ms) "
      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, number) DO UPDATE SET scheduled_ms = excluded.scheduled_ms, "
      "status = excluded.status, started_ms = excluded.started_ms, ended_ms = excluded.ended_ms",
      id, r.number, r.scheduled_ms, r.status, r.started_ms, r.ended_ms);
}

DbResult<std::vector<TournamentPairing>> SqlTournamentStore::replace_pairings(
    TournamentId id, int round, std::span<const NewTournamentPairing> pairings) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  if (auto open = check_not_started(db_, id, round); !open) return unexpected(open.error());
  auto cleared = db_.execute("DELETE FROM tournament_pairings WHERE tournament_id = ? AND round = ?", id, round);
  if (!cleared) return unexpected(cleared.error());
  for (const NewTournamentPairing& p : pairings) {
    const bool bye = !p.white_id.has_value();
    auto added = db_.execute(
        "INSERT INTO tournament_pairings (tournament_id, group_id, round, black_id, white_id, outcome, how, handicap) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        id, p.group_id, p.round, p.black_id, p.white_id, bye ? "bye" : "pending", bye ? "bye" : "", p.handicap);
    if (!added) return unexpected(added.error());
  }
  auto stored = read_all<TournamentPairing>(db_.query(pairings_of_round, id, round),
                                            [](const Row& row) { return read_pairing(row); });
  if (!stored) return stored;
  auto committed = tx->commit();
  if (!committed) return unexpected(committed.error());
  return stored;
}

DbResult<Done> SqlTournamentStore::set_pairing_game(std::int64_t pairing, GameId game) {
  return expect_changed(db_, db_.execute("UPDATE tournament_pairings SET game_id = ? WHERE id = ?", game, pairing),
                        "pairing " + std::to_string(pairing));
}

DbResult<Done> SqlTournamentStore::set_result(std::int64_t pairing, std::string_view outcome, std::string_view how,
                                              TimeMs at_ms) {
  return expect_changed(db_,
                        db_.execute("UPDATE tournament_pairings SET outcome = ?, how = ?, decided_ms = ? WHERE id = ?",
                                    outcome, how, at_ms, pairing),
                        "pairing " + std::to_string(pairing));
}

DbResult<std::optional<std::pair<TournamentId, TournamentPairing>>> SqlTournamentStore::pairing_of_game(GameId game) {
  return read_first<std::pair<TournamentId, TournamentPairing>>(
      db_.query(pairing_of_game_sql, game), [](const Row& row) {
        return std::pair{row.integer(0), read_pairing(row, 1)};
      });
}

}  // namespace yunzi::db
