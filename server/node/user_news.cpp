#include "server/node/user_news.hpp"

#include <charconv>

namespace yunzi::node {
namespace {

using nlohmann::json;

constexpr std::string_view subject_prefix = "yunzi.user.";

}  // namespace

Expected<Done, std::string> UserNews::start() {
  auto subscribed = bus_.subscribe(std::string(subject_prefix) + "*", [this](cluster::BusMessage m) { heard(m); });
  if (!subscribed) return unexpected("cannot subscribe on the bus: " + subscribed.error().message);
  std::lock_guard lock(mutex_);
  subscription_.emplace(std::move(*subscribed));
  return Done{};
}

// Cancelled outside the lock: a cancel waits for a handler still running.
void UserNews::stop() {
  std::optional<cluster::Subscription> subscription;
  std::lock_guard lock(mutex_);
  subscription.swap(subscription_);
}

void UserNews::send_to_user(UserId user, const protocol::Frame& frame) const {
  tell(user, {{"kind", "frame"}, {"frame", *frame}});
}

void UserNews::rank_changed(UserId user, Rank rank, const protocol::Frame& frame) const {
  tell(user, {{"kind", "rank"}, {"rank", to_string(rank)}, {"frame", *frame}});
}

void UserNews::kick(UserId user, std::string_view reason) const { tell(user, {{"kind", "kick"}, {"reason", reason}}); }

void UserNews::forfeit_games(UserId user, const std::string& reason) const {
  tell(user, {{"kind", "forfeit"}, {"reason", reason}});
}

void UserNews::game_made(UserId user, GameId game) const { tell(user, {{"kind", "game"}, {"game", game}}); }

void UserNews::tell(UserId user, json event) const {
  event["origin"] = address_;
  (void)bus_.publish(std::string(subject_prefix) + std::to_string(user), event.dump());
}

void UserNews::heard(const cluster::BusMessage& message) const {
  const auto user = std::string_view(message.subject).substr(subject_prefix.size());
  UserId id = 0;
  if (std::from_chars(user.data(), user.data() + user.size(), id).ec != std::errc()) return;
  const json event = json::parse(message.data, nullptr, false);
  // The bus hears its own publications too; this node acted already.
  if (!event.is_object() || event.value("origin", "") == address_) return;
  const std::string kind = event.value("kind", "");
  const auto frame = [&event]() -> std::optional<protocol::Frame> {
    if (!event.contains("frame") || !event["frame"].is_string()) return std::nullopt;
    return std::make_shared<const std::string>(event["frame"].get<std::string>());
  };
  if (kind == "rank") {
    const auto rank = parse_rank(event.value("rank", ""));
    if (auto told = frame(); rank && told) reach_.rank_here(id, *rank, *told);
  } else if (kind == "kick") {
    reach_.kick_here(id, event.value("reason", ""));
  } else if (kind == "forfeit") {
    reach_.forfeit_here(id, event.value("reason", ""));
  } else if (kind == "frame") {
    if (auto told = frame()) online_.send_to_user(id, *told);
  } else if (kind == "game" && event.contains("game") && event["game"].is_number_integer()) {
    game_made_elsewhere_(id, event["game"].get<GameId>());
  }
}

}  // namespace yunzi::node
