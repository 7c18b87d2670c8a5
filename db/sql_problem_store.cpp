#include "db/sql_problem_store.hpp"

#include <array>
#include <string>

#include "db/row_reading.hpp"

namespace yunzi::db {
namespace {

// Lists kept in one text column: flags are sentences (one a line), moves are vertices (space-separated).
std::string join_list(const std::vector<std::string>& items, char separator) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

std::vector<std::string> split_list(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

constexpr std::array<std::string_view, 2> source_names{"starter", "import"};
constexpr std::array<std::string_view, 3> attempt_state_names{"playing", "solved", "failed"};
// The unrated attempts a player's retries leave of one problem (besides the latest solved one).
constexpr std::int64_t kept_attempts = 10;

// A page of problems (`?1` the viewer, 0 for none, and the page's own clause), one row per theme: the page is
// picked first, then joined with its themes, so a page of N problems is one query whatever their themes.
std::string problem_rows(std::string_view page) {
  return "SELECT p.id, p.title, p.sgf, p.goal, p.to_move, p.grade, p.view, p.rating, p.deviation, p.volatility,"
         " p.attempts, p.solved_count, p.flags, p.source, p.best, t.theme FROM (SELECT q.*, (SELECT"
         " MAX(CASE WHEN a.state = 'solved' THEN 1 ELSE 0 END) FROM problem_attempts a WHERE a.user_id = ?1"
         " AND a.problem_id = q.id) AS best FROM problems q " +
         std::string(page) + ") AS p LEFT JOIN problem_themes t ON t.problem_id = p.id ORDER BY p.grade, p.id, t.theme";
}

DbResult<std::vector<ProblemRecord>> read_problem_rows(DbResult<Query> query) {
  if (!query) return unexpected(query.error());
  std::vector<ProblemRecord> out;
  for (;;) {
    auto stepped = query->step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return out;
    const Row row = query->row();
    if (out.empty() || out.back().id != row.integer(0)) {
      ProblemRecord p;
      p.id = row.integer(0);
      p.title = row.text(1);
      p.sgf = row.text(2);
      p.goal = row.text(3);
      const std::string color = row.text(4);
      const auto to_move = color.size() == 1 ? parse_color_letter(color[0]) : std::nullopt;
      auto grade = row.rank(5);
      if (!to_move || !grade) {
        return db_failure(DbErrorKind::corrupt, "problem " + std::to_string(p.id) + ": bad side to move or grade");
      }
      p.to_move = *to_move;
      p.grade = *grade;
      p.view = row.text(6);
      p.rating = ProblemRating{row.real(7), row.real(8), row.real(9)};
      p.attempts = static_cast<int>(row.integer(10));
      p.solved_count = static_cast<int>(row.integer(11));
      p.flags = split_list(row.text(12), '\n');
      p.source = row.text(13) == source_names[0] ? ProblemSource::starter : ProblemSource::import;
      if (const auto best = row.optional_integer(14)) p.solved = *best != 0;
      out.push_back(std::move(p));
    }
    if (auto theme = row.optional_text(15)) out.back().themes.push_back(std::move(*theme));
  }
}

DbResult<std::optional<ProblemRecord>> first_of(DbResult<std::vector<ProblemRecord>> found) {
  if (!found) return unexpected(found.error());
  if (found->empty()) return std::optional<ProblemRecord>();
  return std::optional<ProblemRecord>(std::move(found->front()));
}

constexpr std::string_view attempt_columns =
    "SELECT id, user_id, problem_id, moves, state, rated, hinted, started_ms, ended_ms FROM problem_attempts";

DbResult<AttemptRecord> read_attempt(const Row& row) {
  AttemptRecord a;
  a.id = row.integer(0);
  a.user = row.integer(1);
  a.problem = row.integer(2);
  a.moves = split_list(row.text(3), ' ');
  const auto state = parse_attempt_state(row.text(4));
  if (!state) return db_failure(DbErrorKind::corrupt, "attempt " + std::to_string(a.id) + ": unknown state");
  a.state = *state;
  a.rated = row.integer(5) != 0;
  a.hinted = row.integer(6) != 0;
  a.started_ms = row.integer(7);
  a.ended_ms = row.optional_integer(8);
  return a;
}

std::int64_t viewer_key(std::optional<UserId> viewer) { return viewer.value_or(0); }

}  // namespace

std::string_view to_string(ProblemSource source) { return source_names[static_cast<std::size_t>(source)]; }

std::string_view to_string(AttemptState state) { return attempt_state_names[static_cast<std::size_t>(state)]; }

std::optional<AttemptState> parse_attempt_state(std::string_view text) {
  for (std::size_t i = 0; i < attempt_state_names.size(); ++i) {
    if (attempt_state_names[i] == text) return static_cast<AttemptState>(i);
  }
  return std::nullopt;
}

DbResult<std::optional<ProblemId>> SqlProblemStore::add(const NewProblem& p) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  static constexpr std::string_view insert_sql =
      "INSERT INTO problems (title, sgf, goal, to_move, grade, view, flags, source, source_key, created_ms,"
      " imported_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
  const std::string to_move(1, to_letter(p.to_move));
  const std::string flags = join_list(p.flags, '\n');
  std::optional<ProblemId> id;
  if (!p.source_key) {
    // Nothing to conflict with: the new row's id is the last one inserted.
    auto inserted = db_.insert(insert_sql, p.title, p.sgf, p.goal, to_move, p.grade, p.view, flags, to_string(p.source),
                               p.source_key, p.created_ms, p.imported_by);
    if (!inserted) return unexpected(inserted.error());
    id = *inserted;
  } else {
    auto added = db_.execute(insert_sql, p.title, p.sgf, p.goal, to_move, p.grade, p.view, flags, to_string(p.source),
                             p.source_key, p.created_ms, p.imported_by);
    if (!added) return unexpected(added.error());
    if (db_.changes() == 0) return std::optional<ProblemId>();
    auto keyed = read_first<std::int64_t>(
        db_.query("SELECT id FROM problems WHERE source = ? AND source_key = ?", to_string(p.source), *p.source_key),
        [](const Row& row) { return row.integer(0); });
    if (!keyed) return unexpected(keyed.error());
    if (!*keyed) return db_failure(DbErrorKind::other, "the new problem was not found");
    id = **keyed;
  }
  for (const std::string& theme : p.themes) {
    auto tagged =
        db_.execute("INSERT INTO problem_themes (problem_id, theme) VALUES (?, ?) ON CONFLICT DO NOTHING", *id, theme);
    if (!tagged) return unexpected(tagged.error());
  }
  if (auto committed = tx->commit(); !committed) return unexpected(committed.error());
  return id;
}

DbResult<std::int64_t> SqlProblemStore::count(std::optional<ProblemSource> source) {
  if (!source) return read_count(db_.query("SELECT COUNT(*) FROM problems"));
  return read_count(db_.query("SELECT COUNT(*) FROM problems WHERE source = ?", to_string(*source)));
}

DbResult<std::optional<ProblemRecord>> SqlProblemStore::find(ProblemId id, std::optional<UserId> viewer) {
  static const std::string sql = problem_rows("WHERE q.id = ?2");
  return first_of(read_problem_rows(db_.query(sql, viewer_key(viewer), id)));
}

DbResult<std::optional<ProblemRecord>> SqlProblemStore::at_position(std::int64_t position,
                                                                    std::optional<UserId> viewer) {
  auto total = count(std::nullopt);
  if (!total) return unexpected(total.error());
  if (*total == 0) return std::optional<ProblemRecord>();
  static const std::string sql = problem_rows("ORDER BY q.id LIMIT 1 OFFSET ?2");
  const std::int64_t offset = ((position % *total) + *total) % *total;
  return first_of(read_problem_rows(db_.query(sql, viewer_key(viewer), offset)));
}

DbResult<std::vector<ProblemRecord>> SqlProblemStore::list(const ProblemFilter& f) {
  if (f.limit < 1 || f.limit > 100) return db_failure(DbErrorKind::invalid_argument, "limit out of range");
  // The page goes on after `after` in (grade, id) order; an unknown `after` gives an empty page.
  static const std::string sql = problem_rows(
      "WHERE q.grade BETWEEN ?2 AND ?3"
      " AND (?4 = '' OR EXISTS (SELECT 1 FROM problem_themes h WHERE h.problem_id = q.id AND h.theme = ?4))"
      " AND (CAST(?5 AS BIGINT) = 0 OR q.grade > (SELECT g.grade FROM problems g WHERE g.id = ?5)"
      " OR (q.grade = (SELECT g.grade FROM problems g WHERE g.id = ?5) AND q.id > ?5))"
      " ORDER BY q.grade, q.id LIMIT ?6");
  return read_problem_rows(db_.query(sql, viewer_key(f.viewer), f.from, f.to, f.theme, f.after, f.limit));
}

DbResult<std::vector<ThemeCount>> SqlProblemStore::themes() {
  return read_all<ThemeCount>(
      db_.query("SELECT theme, COUNT(*) AS n FROM problem_themes GROUP BY theme ORDER BY n DESC, theme"),
      [](const Row& row) {
        return ThemeCount{row.text(0), static_cast<int>(row.integer(1))};
      });
}

DbResult<std::optional<AttemptRecord>> SqlProblemStore::current_attempt(UserId user, ProblemId problem) {
  static const std::string sql =
      std::string(attempt_columns) + " WHERE user_id = ? AND problem_id = ? ORDER BY id DESC LIMIT 1";
  return read_first<AttemptRecord>(db_.query(sql, user, problem), read_attempt);
}

DbResult<AttemptRecord> SqlProblemStore::start_attempt(UserId user, ProblemId problem, TimeMs at_ms) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto earlier = current_attempt(user, problem);
  if (!earlier) return unexpected(earlier.error());
  auto id = db_.insert(
      "INSERT INTO problem_attempts (user_id, problem_id, moves, state, rated, hinted, started_ms)"
      " VALUES (?, ?, '', 'playing', ?, 0, ?)",
      user, problem, !earlier->has_value(), at_ms);
  if (!id && id.error().kind == DbErrorKind::constraint) {
    // Another node started the rated attempt meanwhile (problem_attempts_one_rated).
    return db_failure(DbErrorKind::conflict, "the attempt changed meanwhile; get it again");
  }
  if (!id) return unexpected(id.error());
  // A player may retry for ever, but the rows stay few: the rated attempt, the latest solved one (what the
  // profile's "solved" reads) and the newest few are kept; older ended ones go.
  auto pruned = db_.execute(
      "DELETE FROM problem_attempts WHERE user_id = ? AND problem_id = ? AND state <> 'playing' AND rated = 0"
      " AND id NOT IN (SELECT id FROM problem_attempts WHERE user_id = ? AND problem_id = ? ORDER BY id DESC LIMIT ?)"
      " AND id <> COALESCE((SELECT MAX(id) FROM problem_attempts WHERE user_id = ? AND problem_id = ?"
      " AND state = 'solved'), 0)",
      user, problem, user, problem, kept_attempts, user, problem);
  if (!pruned) return unexpected(pruned.error());
  if (auto committed = tx->commit(); !committed) return unexpected(committed.error());
  return AttemptRecord{.id = *id,
                       .user = user,
                       .problem = problem,
                       .moves = {},
                       .state = AttemptState::playing,
                       .rated = !earlier->has_value(),
                       .hinted = false,
                       .started_ms = at_ms,
                       .ended_ms = std::nullopt};
}

DbResult<Done> SqlProblemStore::set_moves(std::int64_t attempt, const std::vector<std::string>& moves) {
  auto done = db_.execute("UPDATE problem_attempts SET moves = ? WHERE id = ? AND state = 'playing'",
                          join_list(moves, ' '), attempt);
  if (!done) return done;
  if (db_.changes() == 0) return db_failure(DbErrorKind::conflict, "the attempt is over");
  return Done{};
}

DbResult<Done> SqlProblemStore::set_hinted(std::int64_t attempt) {
  auto done = db_.execute("UPDATE problem_attempts SET hinted = 1 WHERE id = ? AND state = 'playing'", attempt);
  if (!done) return done;
  if (db_.changes() == 0) return db_failure(DbErrorKind::conflict, "the attempt is over");
  return Done{};
}

DbResult<std::optional<RatingChange>> SqlProblemStore::finish_attempt(const AttemptEnd& end, const RateAttempt& rate) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  static const std::string find_sql = std::string(attempt_columns) + " WHERE id = ?";
  auto found = read_first<AttemptRecord>(db_.query(find_sql, end.attempt), read_attempt);
  if (!found) return unexpected(found.error());
  if (!*found || (*found)->state != AttemptState::playing) {
    return db_failure(DbErrorKind::conflict, "the attempt is over");
  }
  const AttemptRecord& attempt = **found;
  // A hint during a rated attempt makes its end count as failed.
  const bool scored = end.solved && !(attempt.rated && attempt.hinted);
  // Counted before this attempt's own state is written.
  auto solved_before = read_count(
      db_.query("SELECT COUNT(*) FROM problem_attempts WHERE user_id = ? AND problem_id = ? AND state = 'solved'",
                attempt.user, attempt.problem));
  if (!solved_before) return unexpected(solved_before.error());
  auto ended = db_.execute("UPDATE problem_attempts SET moves = ?, state = ?, ended_ms = ? WHERE id = ?",
                           join_list(end.moves, ' '),
                           to_string(end.solved ? AttemptState::solved : AttemptState::failed), end.at_ms, end.attempt);
  if (!ended) return unexpected(ended.error());
  auto player = read_first<ProblemRating>(
      db_.query("SELECT rating, deviation, volatility FROM problem_ratings WHERE user_id = ?", attempt.user),
      [](const Row& row) {
        return ProblemRating{row.real(0), row.real(1), row.real(2)};
      });
  if (!player) return unexpected(player.error());
  const ProblemRating player_before = player->value_or(ProblemRating{});
  ProblemRating player_after = player_before;
  if (attempt.rated) {
    auto problem = read_first<ProblemRating>(
        db_.query("SELECT rating, deviation, volatility FROM problems WHERE id = ?", attempt.problem),
        [](const Row& row) {
          return ProblemRating{row.real(0), row.real(1), row.real(2)};
        });
    if (!problem) return unexpected(problem.error());
    if (!*problem) return db_failure(DbErrorKind::not_found, "problem not found");
    const RatedPair after = rate(RatedPair{player_before, **problem}, scored);
    player_after = after.player;
    auto rated = db_.execute(
        "UPDATE problems SET rating = ?, deviation = ?, volatility = ?, attempts = attempts + 1,"
        " solved_count = solved_count + ? WHERE id = ?",
        after.problem.rating, after.problem.deviation, after.problem.volatility, scored ? 1 : 0, attempt.problem);
    if (!rated) return unexpected(rated.error());
  }
  auto counted = db_.execute(
      "INSERT INTO problem_ratings (user_id, rating, deviation, volatility, attempts, solved) VALUES (?, ?, ?, ?, 1, ?)"
      " ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,"
      " volatility = excluded.volatility, attempts = problem_ratings.attempts + 1,"
      " solved = problem_ratings.solved + excluded.solved",
      attempt.user, player_after.rating, player_after.deviation, player_after.volatility,
      end.solved && *solved_before == 0 ? 1 : 0);
  if (!counted) return unexpected(counted.error());
  if (auto committed = tx->commit(); !committed) return unexpected(committed.error());
  if (!attempt.rated) return std::optional<RatingChange>();
  return std::optional<RatingChange>(RatingChange{player_before, player_after});
}

DbResult<ProblemStats> SqlProblemStore::stats(UserId user) {
  auto found = read_first<ProblemStats>(
      db_.query("SELECT rating, deviation, volatility, attempts, solved FROM problem_ratings WHERE user_id = ?", user),
      [](const Row& row) {
        return ProblemStats{ProblemRating{row.real(0), row.real(1), row.real(2)}, static_cast<int>(row.integer(3)),
                            static_cast<int>(row.integer(4))};
      });
  if (!found) return unexpected(found.error());
  return found->value_or(ProblemStats{});
}

}  // namespace yunzi::db
