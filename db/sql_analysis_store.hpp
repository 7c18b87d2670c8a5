// The SQL review store (see db/analysis_store.hpp).
#pragma once

#include "db/analysis_store.hpp"
#include "db/connection.hpp"

namespace yunzi::db {

class SqlAnalysisStore final : public AnalysisStore {
 public:
  explicit SqlAnalysisStore(Connection& connection) : db_(connection) {}
  DbResult<AnalysisRecord> request(const NewAnalysis& review, const AnalysisCaps& caps) override;
  DbResult<std::optional<AnalysisRecord>> find(GameId game, std::string_view engine) override;
  DbResult<std::optional<AnalysisRecord>> latest_done(GameId game) override;
  DbResult<std::int64_t> queued_before(const AnalysisRecord& review) override;
  DbResult<std::optional<AnalysisRecord>> claim(std::string_view engine, UserId worker, TimeMs at_ms,
                                                TimeMs stale_before) override;
  DbResult<AnalysisRecord> find_by_id(std::int64_t review) override;
  DbResult<Done> restart(std::int64_t review, UserId worker, int board_size, int total, TimeMs at_ms) override;
  DbResult<int> report(std::int64_t review, UserId worker, std::span<const ReportedPosition> positions, int total,
                       TimeMs at_ms) override;
  DbResult<std::string> positions(std::int64_t review) override;
  DbResult<AnalysisRecord> finish(std::int64_t review, UserId worker, TimeMs at_ms) override;
  DbResult<AnalysisRecord> fail(std::int64_t review, UserId worker, std::string_view reason, int max_attempts,
                                TimeMs at_ms) override;
  DbResult<std::int64_t> release(UserId worker) override;

 private:
  DbResult<Done> check_caps(const NewAnalysis& review, const AnalysisCaps& caps);

  Connection& db_;
};

}  // namespace yunzi::db
