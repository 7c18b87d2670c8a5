// problem.themes, problem.list, problem.get and problem.stats: the library
// and a player's problem rating, read on the read pool's threads, where a
// problem's SGF text is also read into the position the reply shows.
#include <cmath>

#include "protocol/problem_messages.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/problems/library_forms.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

constexpr TimeMs one_utc_day_ms = 86'400'000;

// The day's problem is the same for everyone for a UTC day: the day's number picks it in id order.
std::int64_t utc_day(TimeMs now_ms) { return now_ms / one_utc_day_ms; }

std::optional<UserId> viewer_of(const Call& call) {
  return call.user ? std::optional<UserId>(call.user->id) : std::nullopt;
}

constexpr std::string_view unreadable_library = "the problems could not be read; try again";

struct LibraryFront {
  std::vector<db::ThemeCount> themes;
  std::int64_t total = 0;
  std::optional<db::ProblemRecord> daily;
};

struct ShownProblem {
  protocol::ProblemInfo problem;
  std::optional<protocol::AttemptInfo> attempt;
};

}  // namespace

void handle(const ProblemDesk&, const Call& call, const req::ProblemThemes&) {
  read_or_fail<LibraryFront>(
      call,
      [viewer = viewer_of(call), day = utc_day(call.now_ms())](db::Stores& stores) -> db::DbResult<LibraryFront> {
        LibraryFront out;
        auto themes = stores.problems().themes();
        if (!themes) return unexpected(themes.error());
        out.themes = std::move(*themes);
        auto total = stores.problems().count(std::nullopt);
        if (!total) return unexpected(total.error());
        out.total = *total;
        auto daily = stores.problems().at_position(day, viewer);
        if (!daily) return unexpected(daily.error());
        out.daily = std::move(*daily);
        return out;
      },
      std::string(unreadable_library),
      [](const Call& c, const LibraryFront& front) {
        std::vector<protocol::ThemeInfo> themes;
        for (const db::ThemeCount& theme : front.themes) themes.push_back({theme.theme, theme.count});
        std::optional<protocol::ProblemSummary> daily;
        if (front.daily) daily = problems::summary_of(*front.daily);
        c.reply(protocol::reply_problem_themes(c.id, themes, front.total, daily));
      });
}

void handle(const ProblemDesk&, const Call& call, const req::ProblemList& r) {
  db::ProblemFilter filter;
  filter.theme = r.theme.value_or("");
  filter.from = r.grade_from.value_or(lowest_rank);
  filter.to = r.grade_to.value_or(highest_rank);
  filter.after = r.after.value_or(0);
  filter.limit = r.limit;
  filter.viewer = viewer_of(call);
  read_or_fail<std::vector<db::ProblemRecord>>(
      call, [filter](db::Stores& stores) { return stores.problems().list(filter); }, std::string(unreadable_library),
      [](const Call& c, const std::vector<db::ProblemRecord>& found) {
        std::vector<protocol::ProblemSummary> out;
        out.reserve(found.size());
        for (const db::ProblemRecord& record : found) out.push_back(problems::summary_of(record));
        c.reply(protocol::reply_problem_list(c.id, out));
      });
}

void handle(const ProblemDesk&, const Call& call, const req::ProblemGet& r) {
  read_found<ShownProblem>(
      call,
      [id = r.problem, viewer = viewer_of(call),
       day = utc_day(call.now_ms())](db::Stores& stores) -> db::DbResult<std::optional<ShownProblem>> {
        auto found = id ? stores.problems().find(*id, viewer) : stores.problems().at_position(day, viewer);
        if (!found) return unexpected(found.error());
        if (!*found) return std::optional<ShownProblem>();
        auto info = problems::info_of(**found);
        if (!info) {
          return db::db_failure(db::DbErrorKind::corrupt, "problem " + std::to_string((*found)->id) + " does not read");
        }
        ShownProblem out{std::move(*info), std::nullopt};
        if (viewer) {
          auto attempt = stores.problems().current_attempt(*viewer, (*found)->id);
          if (!attempt) return unexpected(attempt.error());
          if (*attempt) out.attempt = problems::attempt_info(**attempt);
        }
        return std::optional<ShownProblem>(std::move(out));
      },
      "no such problem",
      [](const Call& c, const ShownProblem& shown) {
        c.reply(protocol::reply_problem(c.id, shown.problem, c.user.has_value(), shown.attempt));
      });
}

void handle(const ProblemDesk&, const Call& call, const req::ProblemStats& r) {
  read_found<db::ProblemStats>(
      call,
      [key = session::name_key(r.user)](db::Stores& stores) -> db::DbResult<std::optional<db::ProblemStats>> {
        auto user = stores.users().find_by_name_key(key);
        if (!user) return unexpected(user.error());
        if (!*user) return std::optional<db::ProblemStats>();
        auto stats = stores.problems().stats((*user)->id);
        if (!stats) return unexpected(stats.error());
        return std::optional<db::ProblemStats>(*stats);
      },
      "no such user",
      [](const Call& c, const db::ProblemStats& stats) {
        const protocol::RatingInfo rating{static_cast<int>(std::lround(stats.rating.rating)),
                                          static_cast<int>(std::lround(stats.rating.deviation)), 0};
        c.reply(protocol::reply_problem_stats(c.id, rating, stats.attempts, stats.solved));
      });
}

}  // namespace yunzi::app
