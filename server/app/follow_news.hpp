// Telling a player's followers, as it happens, that the player came online
// (follow.online) or started a game (follow.game). The followers are read
// on a reader thread; those online get the event on whichever node they are
// connected to. A player who comes and goes is announced online at most
// once within the quiet time (a reload or a flaky link is no news), per node.
#pragma once

#include <chrono>
#include <mutex>
#include <unordered_map>

#include "db/read_pool.hpp"
#include "protocol/payloads.hpp"
#include "server/app/call.hpp"
#include "server/app/elsewhere.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::app {

class FollowNews {
 public:
  // Bounds the followers one announcement reads.
  static constexpr int most_followers = 10'000;
  // Past this many remembered arrivals, those older than the quiet time are forgotten.
  static constexpr std::size_t sweep_above = 10'000;

  FollowNews(db::ReadPool& reads, const session::OnlineUsers& online, const Elsewhere& elsewhere, NowMs now_ms,
             std::chrono::milliseconds online_quiet)
      : reads_(reads),
        online_(online),
        elsewhere_(elsewhere),
        now_ms_(std::move(now_ms)),
        online_quiet_ms_(online_quiet.count()) {}

  void came_online(UserId user, const protocol::UserInfo& info);
  void game_started(GameId game, UserId black, const protocol::UserInfo& black_info, UserId white,
                    const protocol::UserInfo& white_info);

 private:
  void tell_followers(UserId user, protocol::Frame frame);

  db::ReadPool& reads_;
  const session::OnlineUsers& online_;
  const Elsewhere& elsewhere_;
  NowMs now_ms_;
  TimeMs online_quiet_ms_;
  std::mutex mutex_;
  std::unordered_map<UserId, TimeMs> announced_online_ms_;
};

}  // namespace yunzi::app
