#include "db/records.hpp"

#include "db/stores.hpp"

namespace yunzi::db {

std::string_view to_string(RecommendationStatus status) {
  switch (status) {
    case RecommendationStatus::pending: return "pending";
    case RecommendationStatus::approved: return "approved";
    case RecommendationStatus::rejected: return "rejected";
  }
  return "pending";
}

std::optional<RecommendationStatus> parse_recommendation_status(std::string_view text) {
  if (text == "pending") return RecommendationStatus::pending;
  if (text == "approved") return RecommendationStatus::approved;
  if (text == "rejected") return RecommendationStatus::rejected;
  return std::nullopt;
}

std::string_view to_string(ReportOutcome outcome) {
  return outcome == ReportOutcome::dismissed ? "dismissed" : "resolved";
}

std::optional<ReportOutcome> parse_report_outcome(std::string_view text) {
  if (text == "resolved") return ReportOutcome::resolved;
  if (text == "dismissed") return ReportOutcome::dismissed;
  return std::nullopt;
}

DbResult<int> checked_page_size(int limit) {
  if (limit < 1) return db_failure(DbErrorKind::invalid_argument, "limit must be at least 1");
  return limit > max_page_size ? max_page_size : limit;
}

}  // namespace yunzi::db
