#include "server/app/follow_news.hpp"

#include <spdlog/spdlog.h>

#include "protocol/events.hpp"

namespace yunzi::app {

void FollowNews::came_online(UserId user, const protocol::UserInfo& info) {
  const TimeMs now = now_ms_();
  {
    std::lock_guard lock(mutex_);
    auto [last, first] = announced_online_ms_.try_emplace(user, now);
    if (!first && now - last->second < online_quiet_ms_) return;
    last->second = now;
    // Forget those quiet long enough, so the map holds only the last quiet period's arrivals.
    if (announced_online_ms_.size() > sweep_above) {
      std::erase_if(announced_online_ms_,
                    [now, quiet = online_quiet_ms_](const auto& entry) { return now - entry.second >= quiet; });
    }
  }
  tell_followers(user, protocol::followed_online(info));
}

void FollowNews::game_started(GameId game, UserId black, const protocol::UserInfo& black_info, UserId white,
                              const protocol::UserInfo& white_info) {
  tell_followers(black, protocol::followed_game(black_info, game, white_info));
  tell_followers(white, protocol::followed_game(white_info, game, black_info));
}

void FollowNews::tell_followers(UserId user, protocol::Frame frame) {
  reads_.submit<std::vector<UserId>>(
      [user](db::Stores& stores) { return stores.follows().followers_of(user, most_followers); },
      [this, user, frame = std::move(frame)](db::DbResult<std::vector<UserId>> followers) {
        if (!followers) {
          spdlog::warn("followers not read user={} error={}", user, followers.error().message);
          return;
        }
        for (UserId follower : *followers) {
          if (online_.is_online(follower)) online_.send_to_user(follower, frame);
          if (online_.is_online_elsewhere(follower)) elsewhere_.send_to_user(follower, frame);
        }
      });
}

}  // namespace yunzi::app
