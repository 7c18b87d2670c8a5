// Admin requests (the role check is the server's; this only validates).
#include "protocol/decode_parts.hpp"
#include "protocol/text.hpp"

namespace yunzi::protocol {

void read_fields(FieldReader& r, req::AdminBan& out) {
  out.user = r.user_name("user");
  if (auto minutes = r.optional_integer("minutes", 1, max_sanction_minutes)) out.minutes = static_cast<int>(*minutes);
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminUnban& out) {
  out.user = r.user_name("user");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminMute& out) {
  out.user = r.user_name("user");
  out.minutes = static_cast<int>(r.integer("minutes", 1, max_sanction_minutes));
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminKick& out) {
  out.user = r.user_name("user");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminAnnul& out) {
  out.game = r.id("game");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminSetRank& out) {
  out.user = r.user_name("user");
  out.rank = r.rank("rank");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminBroadcast& out) {
  out.text = r.text("text", TextRule{1, max_notice_chars, true});
}

void read_fields(FieldReader& r, req::AdminReports& out) { out.limit = r.limit("limit"); }

void read_fields(FieldReader& r, req::AdminAudit& out) {
  out.limit = r.limit("limit");
  out.before = r.optional_id("before");
}

void read_fields(FieldReader& r, req::AdminReview& out) {
  out.limit = r.limit("limit");
  if (r.has("after")) out.after = r.user_name("after");
}

void read_fields(FieldReader& r, req::AdminKeepShortGames& out) {
  out.user = r.user_name("user");
  out.games = r.optional_ids("games", max_kept_games);
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminRecommendations& out) {
  out.limit = r.limit("limit");
  out.before = r.optional_id("before");
  if (const auto status = r.optional_string("status")) {
    out.status = parse_recommendation_state(*status);
    if (!out.status) r.fail("status", "expected \"pending\", \"approved\", \"rejected\" or \"revoked\"");
  }
}

void read_fields(FieldReader& r, req::AdminApproveRecommendation& out) {
  out.user = r.user_name("user");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminRejectRecommendation& out) {
  out.user = r.user_name("user");
  out.reason = r.text("reason", reason_rule);
}

void read_fields(FieldReader& r, req::AdminRevokeRecommendation& out) {
  out.user = r.user_name("user");
  const std::string to = r.string("to");
  if (to == "former") out.to = RevokeTo::former;
  else if (to == "1d" || to == "1D") out.to = RevokeTo::first_dan;
  else if (r.ok()) r.fail("to", "expected \"former\" or \"1d\"");
  out.reason = r.text("reason", reason_rule);
}

std::string_view to_string(RecommendationState state) {
  switch (state) {
    case RecommendationState::pending: return "pending";
    case RecommendationState::approved: return "approved";
    case RecommendationState::rejected: return "rejected";
    case RecommendationState::revoked: return "revoked";
  }
  return "pending";
}

std::optional<RecommendationState> parse_recommendation_state(std::string_view text) {
  for (const auto state : {RecommendationState::pending, RecommendationState::approved, RecommendationState::rejected,
                           RecommendationState::revoked}) {
    if (to_string(state) == text) return state;
  }
  return std::nullopt;
}

void read_fields(FieldReader& r, req::AdminResolveReport& out) {
  out.report = r.id("report");
  const std::string outcome = r.string("outcome");
  if (outcome == "dismissed") {
    out.outcome = req::ReportOutcome::dismissed;
  } else if (outcome == "resolved") {
    out.outcome = req::ReportOutcome::resolved;
  } else if (r.ok()) {
    r.fail("outcome", "must be \"resolved\" or \"dismissed\"");
  }
  out.note = r.text("note", reason_rule);
}

void read_fields(FieldReader& r, req::AdminRetireInactive& out) {
  if (auto days = r.optional_integer("days", 1, req::max_retire_days)) out.days = static_cast<int>(*days);
  out.dry_run = r.optional_boolean("dry_run").value_or(false);
}

}  // namespace yunzi::protocol
