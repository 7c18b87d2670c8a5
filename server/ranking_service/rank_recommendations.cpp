#include "server/ranking_service/rank_recommendations.hpp"

namespace yunzi::ranking_service {
namespace {

// When the recommended user became 6d; the warnings look at what came after.
TimeMs applied_at(const db::Recommendation& recommendation) {
  return recommendation.decided_ms.value_or(recommendation.at_ms);
}

db::DbResult<ranking::RecommendedRecord> recommended_record(db::Stores& stores,
                                                            const db::Recommendation& recommendation) {
  const UserId user = recommendation.user_id;
  auto converted = converted_games(stores, user);
  if (!converted) return unexpected(converted.error());
  auto games = stores.games().rated_games_of_user(user, applied_at(recommendation));
  if (!games) return unexpected(games.error());
  auto events = stores.ranks().history_of_user(user);
  if (!events) return unexpected(events.error());

  ranking::RecommendedRecord record;
  record.former_rank = recommendation.former_rank;
  for (const db::GameRecord& game : *games) record.games_since.push_back(rated_game_of(game, user, *converted));
  for (const db::RankEvent& event : *events) {
    if (event.superseded_ms || event.at_ms <= applied_at(recommendation)) continue;
    const auto reason = ranking::parse_change_reason(event.reason).value_or(ranking::ChangeReason::admin);
    record.changes_since.push_back(ranking::RankChange{event.from_rank, event.to_rank, reason, event.game_id});
  }
  return record;
}

db::DbResult<ranking::RecommenderRecord> recommender_record(db::Stores& stores, const db::UserRecord& recommender) {
  ranking::RecommenderRecord record;
  record.rank = recommender.rank;
  auto converted = converted_games(stores, recommender.id);
  if (!converted) return unexpected(converted.error());
  auto games = stores.games().rated_games_of_user(recommender.id, 0);
  if (!games) return unexpected(games.error());
  for (const db::GameRecord& game : *games) {
    const Rank rank_then = game.black_id == recommender.id ? game.black_rank : game.white_rank;
    const ranking::RatedGame seen = rated_game_of(game, recommender.id, *converted);
    if (rank_then == ranking::recommender_rank && ranking::is_counted(seen)) {
      record.counted_games_at_9d.push_back(seen.finished_at);
    }
  }
  auto earlier = stores.ranks().recommendations_by(recommender.id);
  if (!earlier) return unexpected(earlier.error());
  for (const db::Recommendation& r : *earlier) {
    // A rejected recommendation never took effect: it uses neither the month nor the right.
    if (r.status == db::RecommendationStatus::rejected) continue;
    auto recommendee = existing_user(stores, r.user_id);
    if (!recommendee) return unexpected(recommendee.error());
    record.recommendations.push_back(ranking::PastRecommendation{unix_seconds(r.at_ms), recommendee->rank,
                                                                 r.status == db::RecommendationStatus::pending,
                                                                 r.revoked_ms.has_value()});
  }
  return record;
}

// The step's names: the recommender's, and the user's.
db::DbResult<RecommendationStep> step_of(db::Stores& stores, const db::Recommendation& recommendation,
                                         const db::UserRecord& user) {
  auto recommender = existing_user(stores, recommendation.recommender_id);
  if (!recommender) return unexpected(recommender.error());
  return RecommendationStep{recommendation, recommender->name, user.name, std::nullopt};
}

db::DbResult<db::Recommendation> waiting_recommendation(db::Stores& stores, const db::UserRecord& user) {
  auto pending = stores.ranks().pending_recommendation_of(user.id);
  if (!pending) return unexpected(pending.error());
  if (!*pending) {
    return db::db_failure(db::DbErrorKind::not_found, user.name + " has no recommendation waiting for an admin");
  }
  return **pending;
}

protocol::RecommendationState listed_state(const db::Recommendation& recommendation) {
  if (recommendation.revoked_ms) return protocol::RecommendationState::revoked;
  switch (recommendation.status) {
    case db::RecommendationStatus::pending: return protocol::RecommendationState::pending;
    case db::RecommendationStatus::approved: return protocol::RecommendationState::approved;
    case db::RecommendationStatus::rejected: return protocol::RecommendationState::rejected;
  }
  return protocol::RecommendationState::pending;
}

}  // namespace

db::DbResult<RecommendationStep> recommend_player(db::Stores& stores, UserId recommender_id,
                                                  const std::string& candidate_name_key, TimeMs now,
                                                  bool needs_approval) {
  auto recommender = existing_user(stores, recommender_id);
  if (!recommender) return unexpected(recommender.error());
  auto candidate = existing_user_by_key(stores, candidate_name_key);
  if (!candidate) return unexpected(candidate.error());
  auto record = recommender_record(stores, *recommender);
  if (!record) return unexpected(record.error());

  const ranking::UnixSeconds now_s = unix_seconds(now);
  if (auto allowed = ranking::may_recommend(*record, now_s); !allowed) {
    return db::db_failure(db::DbErrorKind::invalid_argument, allowed.error().message);
  }
  auto change = ranking::recommend(*record, recommender->id, candidate->id, candidate->rank, now_s);
  if (!change) return db::db_failure(db::DbErrorKind::conflict, change.error().message);
  auto waiting = stores.ranks().pending_recommendation_of(candidate->id);
  if (!waiting) return unexpected(waiting.error());
  if (*waiting) {
    return db::db_failure(db::DbErrorKind::conflict,
                          candidate->name + " already has a recommendation waiting for an admin");
  }

  db::Recommendation recommendation;
  recommendation.recommender_id = recommender->id;
  recommendation.user_id = candidate->id;
  recommendation.former_rank = candidate->rank;
  recommendation.at_ms = now;
  recommendation.status = needs_approval ? db::RecommendationStatus::pending : db::RecommendationStatus::approved;
  if (!needs_approval) recommendation.decided_ms = now;
  auto id = stores.ranks().add_recommendation(recommendation);
  if (!id) return unexpected(id.error());
  recommendation.id = *id;
  RecommendationStep step{recommendation, recommender->name, candidate->name, std::nullopt};
  if (needs_approval) return step;
  if (auto r = stores.ranks().record_change(stored_event(candidate->id, *change, now)); !r) {
    return unexpected(r.error());
  }
  step.change = UserRankChange{candidate->id, announced_change(candidate->name, *change)};
  return step;
}

db::DbResult<RecommendationStep> approve_recommendation(db::Stores& stores, const std::string& name_key, UserId admin,
                                                        TimeMs now) {
  auto user = existing_user_by_key(stores, name_key);
  if (!user) return unexpected(user.error());
  auto recommendation = waiting_recommendation(stores, *user);
  if (!recommendation) return unexpected(recommendation.error());
  const Rank rank = user->rank;
  if (rank >= ranking::recommended_rank) {
    return db::db_failure(db::DbErrorKind::conflict,
                          user->name + " is " + to_string(rank) + " already; reject the recommendation instead");
  }
  const ranking::RankChange change{rank, ranking::recommended_rank, ranking::ChangeReason::recommendation,
                                   std::nullopt};
  if (auto r = stores.ranks().approve_recommendation(recommendation->id, user->rank, admin, now); !r) {
    return unexpected(r.error());
  }
  if (auto r = stores.ranks().record_change(stored_event(user->id, change, now)); !r) return unexpected(r.error());
  recommendation->status = db::RecommendationStatus::approved;
  recommendation->former_rank = user->rank;
  recommendation->decided_ms = now;
  recommendation->decided_by = admin;
  auto step = step_of(stores, *recommendation, *user);
  if (step) step->change = UserRankChange{user->id, announced_change(user->name, change)};
  return step;
}

db::DbResult<RecommendationStep> reject_recommendation(db::Stores& stores, const std::string& name_key, UserId admin,
                                                       TimeMs now) {
  auto user = existing_user_by_key(stores, name_key);
  if (!user) return unexpected(user.error());
  auto recommendation = waiting_recommendation(stores, *user);
  if (!recommendation) return unexpected(recommendation.error());
  if (auto r = stores.ranks().reject_recommendation(recommendation->id, admin, now); !r) return unexpected(r.error());
  recommendation->status = db::RecommendationStatus::rejected;
  recommendation->decided_ms = now;
  recommendation->decided_by = admin;
  return step_of(stores, *recommendation, *user);
}

db::DbResult<RecommendationStep> revoke_recommendation(db::Stores& stores, const std::string& name_key,
                                                       ranking::RevocationTarget to, UserId admin, TimeMs now) {
  auto user = existing_user_by_key(stores, name_key);
  if (!user) return unexpected(user.error());
  auto standing = stores.ranks().standing_recommendation_of(user->id);
  if (!standing) return unexpected(standing.error());
  if (!*standing) return db::db_failure(db::DbErrorKind::not_found, user->name + " holds no approved recommendation");
  auto record = recommended_record(stores, **standing);
  if (!record) return unexpected(record.error());
  const auto change = ranking::revoke(*record, user->rank, to);
  if (!change) return db::db_failure(db::DbErrorKind::conflict, change.error().message);

  if (auto r = stores.ranks().revoke_recommendation((*standing)->id, admin, now); !r) return unexpected(r.error());
  auto step = step_of(stores, **standing, *user);
  if (!step) return step;
  step->recommendation.revoked_ms = now;
  step->recommendation.revoked_by = admin;
  if (*change) {
    if (auto r = stores.ranks().record_change(stored_event(user->id, **change, now)); !r) return unexpected(r.error());
    step->change = UserRankChange{user->id, announced_change(user->name, **change)};
  }
  return step;
}

db::DbResult<std::vector<protocol::RecommendationEntry>> list_recommendations(db::Stores& stores,
                                                                              db::RecommendationFilter filter,
                                                                              std::optional<std::int64_t> before,
                                                                              int limit) {
  auto page = stores.ranks().recommendations_page(filter, before, limit);
  if (!page) return unexpected(page.error());
  std::vector<protocol::RecommendationEntry> out;
  for (const db::Recommendation& r : *page) {
    auto user = existing_user(stores, r.user_id);
    if (!user) return unexpected(user.error());
    auto recommender = existing_user(stores, r.recommender_id);
    if (!recommender) return unexpected(recommender.error());
    protocol::RecommendationEntry entry;
    entry.id = r.id;
    entry.recommender = recommender->name;
    entry.user = protocol::PlayerRef{user->name, user->rank};
    entry.former_rank = r.former_rank;
    entry.status = listed_state(r);
    entry.asked_at = r.at_ms;
    entry.decided_at = r.decided_ms;
    entry.revoked_at = r.revoked_ms;
    if (entry.status == protocol::RecommendationState::approved) {
      auto record = recommended_record(stores, r);
      if (!record) return unexpected(record.error());
      for (const auto warning : ranking::recommendation_warnings(*record)) {
        entry.warnings.emplace_back(ranking::to_string(warning));
      }
    }
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace yunzi::ranking_service
