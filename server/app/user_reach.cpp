#include "server/app/user_reach.hpp"

#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/game/room.hpp"

namespace yunzi::app {

void UserReach::rank_changed(UserId user, const protocol::RankChange& change) const {
  const protocol::Frame frame = protocol::rank_changed(change);
  rank_here(user, change.to, frame);
  elsewhere_.rank_changed(user, change.to, frame);
  spdlog::info("rank change user={} from={} to={} reason={} game={}", change.name, to_string(change.from),
               to_string(change.to), change.reason, change.game ? std::to_string(*change.game) : "-");
}

void UserReach::kick(UserId user, std::string_view reason) const {
  kick_here(user, reason);
  elsewhere_.kick(user, reason);
}

void UserReach::forfeit_games(UserId user, const std::string& reason) const {
  forfeit_here(user, reason);
  elsewhere_.forfeit_games(user, reason);
}

void UserReach::rank_here(UserId user, Rank rank, const protocol::Frame& frame) const {
  if (auto online = online_.find(user)) {
    online->info.rank = rank;
    online_.update_info(user, online->info);
    lobby_.user_changed(user, online->info);
  }
  online_.send_to_user(user, frame);
}

void UserReach::kick_here(UserId user, std::string_view reason) const {
  const protocol::Frame frame = protocol::kicked(reason);
  for (const session::SessionPtr& session : online_.sessions_of(user)) {
    session->connection()->send(frame);
    session->connection()->close(net::close_code::policy, "kicked");
  }
}

void UserReach::forfeit_here(UserId user, const std::string& reason) const {
  for (const auto& room : games_.rooms_of(user)) room->forfeit(user, reason);
}

}  // namespace yunzi::app
