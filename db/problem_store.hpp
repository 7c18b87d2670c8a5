// The life-and-death problem library: the problems (their SGF text and what
// the lists and the daily pick read of it), the players' attempts, move by
// move so that one resumes after a reconnection, and the Glicko-2 ratings of
// both sides. The rating rule itself is handed in (tsumego's, above this
// layer): the store reads both ratings, asks the rule and writes the result
// in the transaction that ends the attempt.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/color.hpp"
#include "core/ids.hpp"
#include "core/rank.hpp"
#include "db/error.hpp"

namespace yunzi::db {

struct ProblemRating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  friend bool operator==(const ProblemRating&, const ProblemRating&) = default;
};

enum class ProblemSource : std::uint8_t { starter, import };
std::string_view to_string(ProblemSource source);

struct NewProblem {
  std::string title;
  std::string sgf;   // one game tree, as tsumego::write_problem made it
  std::string goal;  // "live" / "kill" / "ko" / "capture"
  Color to_move = Color::black;
  Rank grade = Rank::kyu(10);
  std::string view;  // two corners, "A19 J11"
  std::vector<std::string> themes;
  std::vector<std::string> flags;
  ProblemSource source = ProblemSource::import;
  // A starter problem's place in the library: a problem already stored under it is not added again.
  std::optional<std::string> source_key;
  std::optional<UserId> imported_by;
  TimeMs created_ms = 0;
};

struct ProblemRecord {
  ProblemId id = 0;
  std::string title;
  std::string sgf;
  std::string goal;
  Color to_move = Color::black;
  Rank grade = Rank::kyu(10);
  std::string view;
  ProblemRating rating;
  int attempts = 0;      // rated attempts that ended
  int solved_count = 0;  // of them, solved
  std::vector<std::string> flags;
  std::vector<std::string> themes;  // sorted
  ProblemSource source = ProblemSource::import;
  // The viewer's best so far: solved once, tried and never solved, or never tried (no viewer, or none).
  std::optional<bool> solved;
};

// One page of the list: by grade, easiest first, then id.
struct ProblemFilter {
  std::string theme;  // empty: every theme
  Rank from = Rank::kyu(18);
  Rank to = Rank::dan(9);
  ProblemId after = 0;  // the page starts after this problem (in list order); 0: at the start
  int limit = 20;
  std::optional<UserId> viewer;  // whose `solved` the records carry
};

struct ThemeCount {
  std::string theme;
  int count = 0;
};

enum class AttemptState : std::uint8_t { playing, solved, failed };
std::string_view to_string(AttemptState state);
std::optional<AttemptState> parse_attempt_state(std::string_view text);

struct AttemptRecord {
  std::int64_t id = 0;
  UserId user = 0;
  ProblemId problem = 0;
  std::vector<std::string> moves;  // GTP vertices or "pass": the player's and the answers alternating
  AttemptState state = AttemptState::playing;
  bool rated = false;
  bool hinted = false;
  TimeMs started_ms = 0;
  std::optional<TimeMs> ended_ms;
};

// The player's and the problem's ratings after one rated attempt (solved or not).
struct RatedPair {
  ProblemRating player;
  ProblemRating problem;
};
using RateAttempt = std::function<RatedPair(const RatedPair& before, bool solved)>;

struct AttemptEnd {
  std::int64_t attempt = 0;
  std::vector<std::string> moves;  // the whole line, the last move included
  bool solved = false;             // the line reached the goal
  TimeMs at_ms = 0;
};

// What a rated attempt's end did to the player's rating.
struct RatingChange {
  ProblemRating before;
  ProblemRating after;
};

struct ProblemStats {
  ProblemRating rating;
  int attempts = 0;  // attempts that ended
  int solved = 0;    // problems solved at least once
};

class ProblemStore {
 public:
  virtual ~ProblemStore() = default;

  // The new problem's id; nullopt when a problem of the same source already has its source_key.
  virtual DbResult<std::optional<ProblemId>> add(const NewProblem& problem) = 0;
  // Problems of that source in the library.
  virtual DbResult<std::int64_t> count(std::optional<ProblemSource> source) = 0;
  virtual DbResult<std::optional<ProblemRecord>> find(ProblemId id, std::optional<UserId> viewer) = 0;
  // The problem at `position` (counted from 0, modulo the library's size) in id order: the day's problem.
  virtual DbResult<std::optional<ProblemRecord>> at_position(std::int64_t position, std::optional<UserId> viewer) = 0;
  virtual DbResult<std::vector<ProblemRecord>> list(const ProblemFilter& filter) = 0;
  // Every theme with its number of problems, most first (then by name).
  virtual DbResult<std::vector<ThemeCount>> themes() = 0;

  // The player's latest attempt at the problem, whatever its state.
  virtual DbResult<std::optional<AttemptRecord>> current_attempt(UserId user, ProblemId problem) = 0;
  // A new attempt in play, rated when it is the player's first at the problem.
  virtual DbResult<AttemptRecord> start_attempt(UserId user, ProblemId problem, TimeMs at_ms) = 0;
  // The line of an attempt in play (conflict when it has ended meanwhile).
  virtual DbResult<Done> set_moves(std::int64_t attempt, const std::vector<std::string>& moves) = 0;
  virtual DbResult<Done> set_hinted(std::int64_t attempt) = 0;
  // Ends an attempt in play, in one transaction: its state and line; for a rated one the problem's counts and
  // both ratings (`rate` given what they are now), a hinted one rated as failed; the player's counts. Conflict
  // when it has ended already.
  virtual DbResult<std::optional<RatingChange>> finish_attempt(const AttemptEnd& end, const RateAttempt& rate) = 0;
  // The player's problem rating and counts (the defaults before any attempt ended).
  virtual DbResult<ProblemStats> stats(UserId user) = 0;
};

}  // namespace yunzi::db
