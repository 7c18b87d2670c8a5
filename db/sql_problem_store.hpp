// The SQL problem store (see db/problem_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/problem_store.hpp"

namespace yunzi::db {

class SqlProblemStore final : public ProblemStore {
 public:
  explicit SqlProblemStore(Connection& connection) : db_(connection) {}
  DbResult<std::optional<ProblemId>> add(const NewProblem& problem) override;
  DbResult<std::int64_t> count(std::optional<ProblemSource> source) override;
  DbResult<std::optional<ProblemRecord>> find(ProblemId id, std::optional<UserId> viewer) override;
  DbResult<std::optional<ProblemRecord>> at_position(std::int64_t position, std::optional<UserId> viewer) override;
  DbResult<std::vector<ProblemRecord>> list(const ProblemFilter& filter) override;
  DbResult<std::vector<ThemeCount>> themes() override;
  DbResult<std::optional<AttemptRecord>> current_attempt(UserId user, ProblemId problem) override;
  DbResult<AttemptRecord> start_attempt(UserId user, ProblemId problem, TimeMs at_ms) override;
  DbResult<Done> set_moves(std::int64_t attempt, const std::vector<std::string>& moves) override;
  DbResult<Done> set_hinted(std::int64_t attempt) override;
  DbResult<std::optional<RatingChange>> finish_attempt(const AttemptEnd& end, const RateAttempt& rate) override;
  DbResult<ProblemStats> stats(UserId user) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
