#include "server/app/analysis_watchers.hpp"

#include <utility>

namespace yunzi::app {

void AnalysisWatchers::add(GameId game, UserId user) {
  std::lock_guard lock(mutex_);
  auto& users = watchers_[game];
  if (users.size() < most_per_game) users.insert(user);
}

std::set<UserId> AnalysisWatchers::of(GameId game) const {
  std::lock_guard lock(mutex_);
  const auto found = watchers_.find(game);
  return found == watchers_.end() ? std::set<UserId>{} : found->second;
}

std::set<UserId> AnalysisWatchers::take(GameId game) {
  std::lock_guard lock(mutex_);
  const auto found = watchers_.find(game);
  if (found == watchers_.end()) return {};
  std::set<UserId> users = std::move(found->second);
  watchers_.erase(found);
  return users;
}

}  // namespace yunzi::app
