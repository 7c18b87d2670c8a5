// The monthly publication job of an averaging policy: its rank changes
// reach the users through UserReach.
#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/app/app.hpp"
#include "server/ranking/calendar.hpp"
#include "server/ranking_service/rank_publication.hpp"

namespace yunzi::app {

void App::publish_ranks() {
  const TimeMs now = now_ms_();
  const TimeMs month_start = ranking::start_of_month(now / 1000) * 1000;
  writer_.submit_for<std::vector<ranking_service::UserRankChange>>(
      [policy = policy_, month_start, now](db::Stores& stores) {
        return ranking_service::publish_month(stores, *policy, month_start, now);
      },
      [this, month_start](db::DbResult<std::vector<ranking_service::UserRankChange>> published) {
        if (!published) {
          spdlog::error("rank publication failed month_start={} error={}", month_start, published.error().message);
          return;
        }
        spdlog::info("rank publication month_start={} promotions={}", month_start, published->size());
        for (const ranking_service::UserRankChange& p : *published) reach_.rank_changed(p.user, p.change);
      });
  const TimeMs next = ranking::start_of_next_month(now / 1000) * 1000;
  publication_timer_.expires_after(std::chrono::milliseconds(next - now));
  publication_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) publish_ranks();
  });
}

}  // namespace yunzi::app
