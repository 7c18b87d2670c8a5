#include "server/node/lobby_game_pacer.hpp"

namespace yunzi::node {

LobbyGamePacer::LobbyGamePacer(boost::asio::any_io_executor executor, std::chrono::milliseconds interval,
                               PublishEntry entry, PublishHeld held, PublishRemoval removal)
    : interval_(interval),
      publish_entry_(std::move(entry)),
      publish_held_(std::move(held)),
      publish_removal_(std::move(removal)),
      timer_(boost::asio::make_strand(std::move(executor))) {}

void LobbyGamePacer::changed(const protocol::LobbyGame& entry, UserId black, UserId white, bool at_once) {
  std::lock_guard lock(mutex_);
  if (stopped_) return;
  const Clock::time_point now = Clock::now();
  auto sent = last_sent_.find(entry.game);
  if (!at_once && sent != last_sent_.end() && now - sent->second < interval_) {
    held_.insert_or_assign(entry.game, Entry{entry, black, white});
    arm();
    return;
  }
  held_.erase(entry.game);
  last_sent_[entry.game] = now;
  publish_entry_(Entry{entry, black, white});
}

void LobbyGamePacer::removed(GameId game) {
  std::lock_guard lock(mutex_);
  held_.erase(game);
  last_sent_.erase(game);
  if (!stopped_) publish_removal_(game);
}

void LobbyGamePacer::moved_away(GameId game) {
  std::lock_guard lock(mutex_);
  held_.erase(game);
  last_sent_.erase(game);
}

void LobbyGamePacer::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  held_.clear();
  timer_.cancel();
}

void LobbyGamePacer::arm() {
  if (armed_) return;
  armed_ = true;
  timer_.expires_after(interval_);
  timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;
    if (auto self = weak.lock()) self->interval_over();
  });
}

// The entries held over the interval go now, together: a game's newest only,
// and each game's next change waits a whole interval again.
void LobbyGamePacer::interval_over() {
  std::lock_guard lock(mutex_);
  armed_ = false;
  if (stopped_ || held_.empty()) return;
  const Clock::time_point now = Clock::now();
  std::vector<Entry> entries;
  entries.reserve(held_.size());
  for (auto& [game, held] : held_) {
    last_sent_[game] = now;
    entries.push_back(std::move(held));
  }
  held_.clear();
  publish_held_(entries);
}

}  // namespace yunzi::node
