#include "server/app/user_reach.hpp"

#include <charconv>

#include <spdlog/spdlog.h>

#include "protocol/events.hpp"
#include "server/game/room.hpp"

namespace yunzi::app {

namespace {

using nlohmann::json;

constexpr std::string_view subject_prefix = "yunzi.user.";

}  // namespace

UserReach::~UserReach() = default;

void UserReach::rank_changed(UserId user, const protocol::RankChange& change) const {
  const protocol::Frame frame = protocol::rank_changed(change);
  apply_rank(user, change.to, frame);
  tell_others(user, {{"kind", "rank"}, {"rank", to_string(change.to)}, {"frame", *frame}});
  spdlog::info("rank change user={} from={} to={} reason={} game={}", change.name, to_string(change.from),
               to_string(change.to), change.reason, change.game ? std::to_string(*change.game) : "-");
}

void UserReach::kick(UserId user, std::string_view reason) const {
  apply_kick(user, reason);
  tell_others(user, {{"kind", "kick"}, {"reason", reason}});
}

void UserReach::forfeit_games(UserId user, const std::string& reason) const {
  apply_forfeit(user, reason);
  tell_others(user, {{"kind", "forfeit"}, {"reason", reason}});
}

void UserReach::send_elsewhere(UserId user, const protocol::Frame& frame) const {
  tell_others(user, {{"kind", "frame"}, {"frame", *frame}});
}

void UserReach::game_made(UserId user, GameId game) const { tell_others(user, {{"kind", "game"}, {"game", game}}); }

void UserReach::on_game_made_elsewhere(GameMadeElsewhere joins) {
  std::lock_guard lock(mutex_);
  game_made_elsewhere_ = std::move(joins);
}

void UserReach::apply_rank(UserId user, Rank rank, const protocol::Frame& frame) const {
  if (auto online = online_.find(user)) {
    online->info.rank = rank;
    online_.update_info(user, online->info);
    lobby_.user_changed(user, online->info);
  }
  online_.send_to_user(user, frame);
}

void UserReach::apply_kick(UserId user, std::string_view reason) const {
  const protocol::Frame frame = protocol::kicked(reason);
  for (const session::SessionPtr& session : online_.sessions_of(user)) {
    session->connection()->send(frame);
    session->connection()->close(net::close_code::policy, "kicked");
  }
}

void UserReach::apply_forfeit(UserId user, const std::string& reason) const {
  for (const auto& room : games_.rooms_of(user)) room->forfeit(user, reason);
}

Expected<Done, std::string> UserReach::start_on(cluster::Bus& bus, std::string address) {
  bus_ = &bus;
  address_ = std::move(address);
  auto subscribed = bus.subscribe(std::string(subject_prefix) + "*", [this](cluster::BusMessage m) { heard(m); });
  if (!subscribed) return unexpected("cannot subscribe on the bus: " + subscribed.error().message);
  std::lock_guard lock(mutex_);
  subscription_.emplace(std::move(*subscribed));
  return Done{};
}

// Cancelled outside the lock: a cancel waits for a handler still running.
void UserReach::stop() {
  std::optional<cluster::Subscription> subscription;
  std::lock_guard lock(mutex_);
  subscription.swap(subscription_);
}

void UserReach::tell_others(UserId user, json event) const {
  if (!bus_) return;
  event["origin"] = address_;
  (void)bus_->publish(std::string(subject_prefix) + std::to_string(user), event.dump());
}

void UserReach::heard(const cluster::BusMessage& message) const {
  const auto user = std::string_view(message.subject).substr(subject_prefix.size());
  UserId id = 0;
  if (std::from_chars(user.data(), user.data() + user.size(), id).ec != std::errc()) return;
  const json event = json::parse(message.data, nullptr, false);
  // The bus hears its own publications too; this node acted already.
  if (!event.is_object() || event.value("origin", "") == address_) return;
  const std::string kind = event.value("kind", "");
  if (kind == "rank") {
    const auto rank = parse_rank(event.value("rank", ""));
    if (!rank || !event.contains("frame") || !event["frame"].is_string()) return;
    apply_rank(id, *rank, std::make_shared<const std::string>(event["frame"].get<std::string>()));
  } else if (kind == "kick") {
    apply_kick(id, event.value("reason", ""));
  } else if (kind == "forfeit") {
    apply_forfeit(id, event.value("reason", ""));
  } else if (kind == "frame" && event.contains("frame") && event["frame"].is_string()) {
    online_.send_to_user(id, std::make_shared<const std::string>(event["frame"].get<std::string>()));
  } else if (kind == "game" && event.contains("game") && event["game"].is_number_integer()) {
    GameMadeElsewhere joins;
    {
      std::lock_guard lock(mutex_);
      joins = game_made_elsewhere_;
    }
    if (joins) joins(id, event["game"].get<GameId>());
  }
}

}  // namespace yunzi::app
