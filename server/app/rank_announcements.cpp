// Rank changes reaching the people online: the user's sessions and the
// lobby, and the monthly publication job of an averaging policy.
#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/app/app.hpp"
#include "server/ranking/calendar.hpp"
#include "server/ranking_service/rank_publication.hpp"

namespace yunzi::app {

void RankAnnouncer::announce(UserId player, const protocol::RankChange& change) const {
  if (auto user = online_.find(player)) {
    user->info.rank = change.to;
    online_.update_info(player, user->info);
    lobby_.user_changed(player, user->info);
  }
  online_.send_to_user(player, protocol::rank_changed(change));
  spdlog::info("rank change user={} from={} to={} reason={} game={}", change.name, to_string(change.from),
               to_string(change.to), change.reason, change.game ? std::to_string(*change.game) : "-");
}

void App::publish_ranks() {
  const TimeMs now = now_ms();
  const TimeMs month_start = ranking::start_of_month(now / 1000) * 1000;
  writer.submit_for<std::vector<UserRankChange>>(
      [policy = options.ranking_policy, month_start, now](db::Stores& stores) {
        return publish_month(stores, *policy, month_start, now);
      },
      [this, month_start](db::DbResult<std::vector<UserRankChange>> published) {
        if (!published) {
          spdlog::error("rank publication failed month_start={} error={}", month_start, published.error().message);
          return;
        }
        spdlog::info("rank publication month_start={} promotions={}", month_start, published->size());
        for (const UserRankChange& p : *published) ranks_.announce(p.user, p.change);
      });
  const TimeMs next = ranking::start_of_next_month(now / 1000) * 1000;
  publication_timer_.expires_after(std::chrono::milliseconds(next - now));
  publication_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) publish_ranks();
  });
}

}  // namespace yunzi::app
