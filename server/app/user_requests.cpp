// user.info, user.games, user.history and report. Reads run on the read
// pool's threads (reading.hpp); the report is written through the writer.
#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/ranking_service/rank_keeping.hpp"
#include "server/ranking_service/rank_recommendations.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

db::DbResult<std::optional<db::UserRecord>> find_user(db::Stores& stores, const std::string& name) {
  return stores.users().find_by_name_key(session::name_key(name));
}

protocol::GameSummary summary_of(const db::GameRecord& game) {
  protocol::GameSummary out;
  out.game = game.id;
  out.black = protocol::PlayerRef{game.black_name, game.black_rank};
  out.white = protocol::PlayerRef{game.white_name, game.white_rank};
  out.size = game.settings.size;
  out.rated = game.settings.rated && !game.annulled;
  out.result = game.result;
  out.ended_at = game.ended_ms.value_or(0);
  return out;
}

void store_report(const UserDesk& desk, const Call& call, const req::Report& r, const db::UserRecord& reported) {
  db::Report report;
  report.reporter_id = call.user->id;
  report.reported_id = reported.id;
  report.game_id = r.game;
  report.reason = r.reason;
  report.created_ms = call.now_ms();
  // Taken before the write, so reports sent at once from many connections cannot pass the quota together.
  if (!desk.reports_quota.try_take(report.reporter_id, report.created_ms)) {
    spdlog::info("report refused reporter={} reason=quota", call.user->name);
    return call.error(protocol::ErrorCode::rate_limited, "at most " + std::to_string(desk.reports_quota.max_uses()) +
                                                             " reports per hour; try again later");
  }
  desk.writer.submit_for<std::int64_t>(
      [report](db::Stores& stores) { return stores.moderation().add_report(report); },
      [&desk, call, report, reporter = call.user->name, reported = reported.name](db::DbResult<std::int64_t> stored) {
        if (!stored) {
          desk.reports_quota.give_back(report.reporter_id, report.created_ms);
          return call.error(protocol::ErrorCode::internal, "the report could not be stored; try again");
        }
        spdlog::info("report stored report={} reporter={} user={}", *stored, reporter, reported);
        call.ok();
      });
}

}  // namespace

void handle(const UserDesk& desk, const Call& call, const req::UserInfo& r) {
  using Found = std::pair<db::Profile, protocol::RankProgress>;
  read_found<Found>(
      call,
      [name = r.name, &policy = desk.ranking_policy](
          db::Stores& stores) -> db::DbResult<std::optional<std::pair<db::Profile, protocol::RankProgress>>> {
        auto user = find_user(stores, name);
        if (!user) return unexpected(user.error());
        using Out = std::optional<Found>;
        if (!*user) return Out{};
        auto profile = stores.games().profile((*user)->id);
        if (!profile) return unexpected(profile.error());
        if (!*profile) return Out{};
        auto progress = ranking_service::rank_progress(stores, policy, (*user)->id);
        if (!progress) return unexpected(progress.error());
        return Out(std::pair{std::move(**profile), *progress});
      },
      "no such user",
      [&desk](const Call& c, const Found& profile) {
        protocol::UserProfile out;
        out.user = session::user_info(profile.first.user);
        out.wins = profile.first.wins;
        out.losses = profile.first.losses;
        out.rank_progress = profile.second;
        out.online = desk.online.is_online(profile.first.user.id);
        c.reply(protocol::reply_user_info(c.id, out));
      });
}

void handle(const UserDesk&, const Call& call, const req::UserGames& r) {
  read_found<std::vector<protocol::GameSummary>>(
      call,
      [r](db::Stores& stores) -> db::DbResult<std::optional<std::vector<protocol::GameSummary>>> {
        auto user = find_user(stores, r.name);
        if (!user) return unexpected(user.error());
        using Out = std::optional<std::vector<protocol::GameSummary>>;
        if (!*user) return Out{};
        std::vector<protocol::GameSummary> out;
        std::optional<GameId> before = r.before;
        // Games in progress are skipped, so a page is filled from further back.
        while (static_cast<int>(out.size()) < r.limit) {
          auto page = stores.games().games_of_user((*user)->id, before, r.limit);
          if (!page) return unexpected(page.error());
          for (const db::GameSummary& summary : *page) {
            before = summary.id;
            if (summary.status != db::GameStatus::ended || static_cast<int>(out.size()) >= r.limit) continue;
            auto game = stores.games().load(summary.id);
            if (!game) return unexpected(game.error());
            if (*game) out.push_back(summary_of((*game)->game));
          }
          if (static_cast<int>(page->size()) < r.limit) break;
        }
        return Out(std::move(out));
      },
      "no such user",
      [](const Call& c, const std::vector<protocol::GameSummary>& games) {
        c.reply(protocol::reply_user_games(c.id, games));
      });
}

void handle(const UserDesk&, const Call& call, const req::UserHistory& r) {
  read_found<std::vector<protocol::RankEvent>>(
      call,
      [r](db::Stores& stores) -> db::DbResult<std::optional<std::vector<protocol::RankEvent>>> {
        auto user = find_user(stores, r.name);
        if (!user) return unexpected(user.error());
        using Out = std::optional<std::vector<protocol::RankEvent>>;
        if (!*user) return Out{};
        auto events = stores.ranks().events_of_user((*user)->id, db::max_page_size);
        if (!events) return unexpected(events.error());
        std::vector<protocol::RankEvent> out;
        for (const db::RankEvent& event : *events) {
          if (r.before && event.id >= *r.before) continue;
          if (static_cast<int>(out.size()) >= r.limit) break;
          out.push_back(
              protocol::RankEvent{event.id, event.from_rank, event.to_rank, event.reason, event.game_id, event.at_ms});
        }
        return Out(std::move(out));
      },
      "no such user",
      [](const Call& c, const std::vector<protocol::RankEvent>& history) {
        c.reply(protocol::reply_user_history(c.id, history));
      });
}

void handle(const UserDesk& desk, const Call& call, const req::Report& r) {
  read_found<db::UserRecord>(
      call, [name = r.user](db::Stores& stores) { return find_user(stores, name); }, "no such user",
      [&desk, r](const Call& c, const db::UserRecord& reported) { store_report(desk, c, r, reported); });
}

void handle(const UserDesk& desk, const Call& call, const req::RankRecommend& r) {
  desk.writer.submit_for<ranking_service::RecommendationStep>(
      [recommender = call.user->id, key = session::name_key(r.user), now = call.now_ms(),
       needs_approval = desk.recommendation_approval](db::Stores& stores) {
        return ranking_service::recommend_player(stores, recommender, key, now, needs_approval);
      },
      [&desk, call](db::DbResult<ranking_service::RecommendationStep> recommended) {
        if (!recommended) {
          const db::DbError& error = recommended.error();
          switch (error.kind) {
            case db::DbErrorKind::not_found: return call.error(protocol::ErrorCode::not_found, "no such user");
            case db::DbErrorKind::invalid_argument: return call.error(protocol::ErrorCode::forbidden, error.message);
            case db::DbErrorKind::conflict: return call.error(protocol::ErrorCode::conflict, error.message);
            default:
              return call.error(protocol::ErrorCode::internal, "the recommendation could not be stored; try again");
          }
        }
        const bool waiting = recommended->recommendation.status == db::RecommendationStatus::pending;
        spdlog::info("recommendation recommender={} user={} status={}", recommended->recommender, recommended->user,
                     waiting ? "pending" : "approved");
        call.ok({{"status", waiting ? "pending" : "approved"}});
        if (recommended->change) desk.reach.rank_changed(recommended->change->user, recommended->change->change);
        if (waiting) {
          desk.online.send_to_user(
              recommended->recommendation.user_id,
              protocol::notice(recommended->recommender + " recommended you to 6d; an admin will decide."));
        }
      });
}

}  // namespace yunzi::app
