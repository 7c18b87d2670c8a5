#include "server/app/admin_rank_requests.hpp"

#include "protocol/events.hpp"
#include "server/app/admin_action.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/ranking_service/rank_recommendations.hpp"
#include "server/ranking_service/short_game_review.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

std::string id_list(const std::vector<GameId>& games) {
  std::string text;
  for (GameId game : games) text += (text.empty() ? "" : ", ") + std::to_string(game);
  return text;
}

db::RecommendationFilter filter_of(std::optional<protocol::RecommendationState> state) {
  if (!state) return db::RecommendationFilter::all;
  switch (*state) {
    case protocol::RecommendationState::pending: return db::RecommendationFilter::pending;
    case protocol::RecommendationState::approved: return db::RecommendationFilter::approved;
    case protocol::RecommendationState::rejected: return db::RecommendationFilter::rejected;
    case protocol::RecommendationState::revoked: return db::RecommendationFilter::revoked;
  }
  return db::RecommendationFilter::all;
}

void tell(const AdminDesk& desk, UserId user, const std::string& text) {
  desk.online.send_to_user(user, protocol::notice(text));
}

using Step = std::function<db::DbResult<ranking_service::RecommendationStep>(db::Stores&)>;

// One admin step on a recommendation, audited with the recommender and the
// rank change in the detail; then the rank change and `notices` go out.
void recommendation_step(const AdminDesk& desk, const Call& call, std::string_view action, std::string reason,
                         Step step,
                         std::function<void(const Call&, const ranking_service::RecommendationStep&)> notices) {
  act<ranking_service::RecommendationStep>(
      desk, call, audit(call, action, std::move(reason)),
      [step = std::move(step)](db::Stores& stores,
                               db::AuditEntry& written) -> db::DbResult<ranking_service::RecommendationStep> {
        auto done = step(stores);
        if (!done) return done;
        written.target_user_id = done->recommendation.user_id;
        written.detail = "recommended by " + done->recommender;
        if (done->change) {
          written.detail += ": " + to_string(done->change->change.from) + "->" + to_string(done->change->change.to);
        }
        return done;
      },
      [&desk, notices = std::move(notices)](const Call& c, const ranking_service::RecommendationStep& done) {
        if (done.change) desk.reach.rank_changed(done.change->user, done.change->change);
        notices(c, done);
      });
}

}  // namespace

void admin(const AdminDesk&, const Call& call, const protocol::req::AdminReview& r) {
  const std::string after = r.after ? session::name_key(*r.after) : std::string();
  read_or_fail<ranking_service::ReviewPage>(
      call, [after, limit = r.limit](db::Stores& stores) { return ranking_service::review_page(stores, after, limit); },
      "the review list could not be read",
      [](const Call& c, const ranking_service::ReviewPage& page) {
        c.reply(protocol::reply_review(c.id, page.players, page.next));
      });
}

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminKeepShortGames& r) {
  act<ranking_service::KeptGames>(
      desk, call, audit(call, "admin.keep_short_games", r.reason),
      [key = session::name_key(r.user), games = r.games, admin = call.user->id, now = call.now_ms()](
          db::Stores& stores, db::AuditEntry& written) -> db::DbResult<ranking_service::KeptGames> {
        auto kept = ranking_service::keep_short_games(stores, key, games, admin, now);
        if (!kept) return kept;
        written.target_user_id = kept->user.id;
        written.detail = "games " + id_list(kept->games);
        return kept;
      },
      [](const Call&, const ranking_service::KeptGames&) {},
      [](const ranking_service::KeptGames& kept) {
        return nlohmann::json{{"games", kept.games}};
      });
}

void admin(const AdminDesk&, const Call& call, const protocol::req::AdminRecommendations& r) {
  using Listed = std::vector<protocol::RecommendationEntry>;
  read_or_fail<Listed>(
      call,
      [r](db::Stores& stores) {
        return ranking_service::list_recommendations(stores, filter_of(r.status), r.before, r.limit);
      },
      "the recommendations could not be read",
      [](const Call& c, const Listed& listed) { c.reply(protocol::reply_recommendations(c.id, listed)); });
}

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminApproveRecommendation& r) {
  recommendation_step(
      desk, call, "admin.approve_recommendation", r.reason,
      [key = session::name_key(r.user), admin = call.user->id, now = call.now_ms()](db::Stores& stores) {
        return ranking_service::approve_recommendation(stores, key, admin, now);
      },
      [&desk, reason = r.reason](const Call&, const ranking_service::RecommendationStep& done) {
        tell(desk, done.recommendation.user_id,
             "An admin approved " + done.recommender + "'s recommendation of you to 6d: " + reason);
        tell(desk, done.recommendation.recommender_id,
             "An admin approved your recommendation of " + done.user + " to 6d: " + reason);
      });
}

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminRejectRecommendation& r) {
  recommendation_step(
      desk, call, "admin.reject_recommendation", r.reason,
      [key = session::name_key(r.user), admin = call.user->id, now = call.now_ms()](db::Stores& stores) {
        return ranking_service::reject_recommendation(stores, key, admin, now);
      },
      [&desk, reason = r.reason](const Call&, const ranking_service::RecommendationStep& done) {
        tell(desk, done.recommendation.user_id,
             "An admin rejected " + done.recommender + "'s recommendation of you to 6d: " + reason);
        tell(desk, done.recommendation.recommender_id,
             "An admin rejected your recommendation of " + done.user + " to 6d: " + reason);
      });
}

void admin(const AdminDesk& desk, const Call& call, const protocol::req::AdminRevokeRecommendation& r) {
  const auto to = r.to == protocol::RevokeTo::first_dan ? ranking::RevocationTarget::first_dan
                                                        : ranking::RevocationTarget::former_rank;
  recommendation_step(
      desk, call, "admin.revoke_recommendation", r.reason,
      [key = session::name_key(r.user), to, admin = call.user->id, now = call.now_ms()](db::Stores& stores) {
        return ranking_service::revoke_recommendation(stores, key, to, admin, now);
      },
      [&desk, reason = r.reason](const Call&, const ranking_service::RecommendationStep& done) {
        tell(desk, done.recommendation.user_id, "An admin revoked your recommendation to 6d: " + reason);
        tell(desk, done.recommendation.recommender_id,
             "An admin revoked your recommendation of " + done.user + ": " + reason +
                 ". You may recommend again once " + done.user + " reaches 8d.");
      });
}

}  // namespace yunzi::app
