// Life-and-death problems on the wire (protocol/README.md, "Life-and-death
// problems"): a problem's summary and whole form, an attempt, and the
// replies of problem.*.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/color.hpp"
#include "core/rank.hpp"
#include "protocol/replies.hpp"

namespace yunzi::protocol {

struct ProblemSummary {
  std::int64_t id = 0;
  std::string title;
  std::string goal;
  Color to_move = Color::black;
  Rank grade = Rank::kyu(10);
  int rating = 1500;
  std::vector<std::string> themes;
  std::optional<bool> solved;  // the asker's best: solved once, tried and never solved, never tried
};

struct ProblemInfo {
  ProblemSummary summary;
  int size = 19;
  std::vector<std::string> black;  // GTP vertices
  std::vector<std::string> white;
  std::array<std::string, 2> view;  // two opposite corners
  std::string comment;
  int deviation = 350;
};

struct AttemptInfo {
  std::vector<std::string> moves;
  std::string state;  // "playing" / "solved" / "failed"
  bool rated = false;
  bool hinted = false;
};

struct RatingInfo {
  int rating = 1500;
  int deviation = 350;
  int change = 0;
};

struct ThemeInfo {
  std::string theme;
  int count = 0;
};

struct ImportedProblem {
  std::int64_t id = 0;
  std::vector<std::string> flags;
};

struct RejectedProblem {
  std::size_t index = 0;
  std::string reason;
};

nlohmann::json to_json(const ProblemSummary& summary);
nlohmann::json to_json(const AttemptInfo& attempt);

// problem.themes: the themes, most problems first, the library's size and the day's problem (null in an empty one).
Frame reply_problem_themes(RequestId id, const std::vector<ThemeInfo>& themes, std::int64_t total,
                           const std::optional<ProblemSummary>& daily);
Frame reply_problem_list(RequestId id, const std::vector<ProblemSummary>& problems);
// problem.get: `attempt` only for a signed-in asker (`signed_in`), null when there is none.
Frame reply_problem(RequestId id, const ProblemInfo& problem, bool signed_in,
                    const std::optional<AttemptInfo>& attempt);
// problem.move: `reply` is the answer's vertex or "pass", nullopt for none.
Frame reply_problem_move(RequestId id, std::string_view outcome, const std::optional<std::string>& reply,
                         std::string_view comment, const AttemptInfo& attempt, const std::optional<RatingInfo>& rating);
Frame reply_problem_attempt(RequestId id, const AttemptInfo& attempt);           // problem.retry
Frame reply_problem_hint(RequestId id, const std::optional<std::string>& move);  // problem.hint
Frame reply_problem_stats(RequestId id, const RatingInfo& rating, int attempts, int solved);
Frame reply_problem_import(RequestId id, const std::vector<ImportedProblem>& imported,
                           const std::vector<RejectedProblem>& rejected);

}  // namespace yunzi::protocol
