#include "server/game/game_registry.hpp"

#include <algorithm>

#include "server/game/room.hpp"

namespace yunzi::game {

bool GameRegistry::reserve_rated(UserId a, UserId b) {
  std::lock_guard lock(mutex_);
  if (rated_busy_.contains(a) || rated_busy_.contains(b)) return false;
  rated_busy_.insert(a);
  rated_busy_.insert(b);
  return true;
}

void GameRegistry::release_rated(UserId a, UserId b) {
  std::lock_guard lock(mutex_);
  for (UserId user : {a, b}) {
    if (auto it = rated_busy_.find(user); it != rated_busy_.end()) rated_busy_.erase(it);
  }
}

bool GameRegistry::has_rated_game(UserId user) const {
  std::lock_guard lock(mutex_);
  return rated_busy_.contains(user);
}

void GameRegistry::add(GameId id, RunningGame game) {
  std::lock_guard lock(mutex_);
  games_[id] = std::move(game);
}

std::optional<RunningGame> GameRegistry::remove(GameId id) {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return std::nullopt;
  return remove_locked(it);
}

std::optional<RunningGame> GameRegistry::remove_held(GameId id, const db::GameFence& fence) {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end() || it->second.fence != fence) return std::nullopt;
  return remove_locked(it);
}

RunningGame GameRegistry::remove_locked(std::map<GameId, RunningGame>::iterator it) {
  RunningGame game = std::move(it->second);
  games_.erase(it);
  if (game.rated) {
    for (UserId user : {game.black, game.white}) {
      if (auto busy = rated_busy_.find(user); busy != rated_busy_.end()) rated_busy_.erase(busy);
    }
  }
  return game;
}

std::shared_ptr<GameRoom> GameRegistry::find(GameId id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second.room;
}

std::optional<RunningGame> GameRegistry::get(GameId id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return std::nullopt;
  return it->second;
}

std::vector<GameId> GameRegistry::games_of(UserId user) const {
  std::lock_guard lock(mutex_);
  std::vector<GameId> ids;
  for (const auto& [id, game] : games_) {
    if (game.black == user || game.white == user) ids.push_back(id);
  }
  return ids;
}

std::vector<std::shared_ptr<GameRoom>> GameRegistry::rooms_of(UserId user) const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<GameRoom>> rooms;
  for (const auto& [id, game] : games_) {
    if (game.black == user || game.white == user) rooms.push_back(game.room);
  }
  return rooms;
}

std::size_t GameRegistry::scoring_count() const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(std::count_if(games_.begin(), games_.end(), [](const auto& entry) {
    return entry.second.room && entry.second.room->in_scoring();
  }));
}

std::size_t GameRegistry::size() const {
  std::lock_guard lock(mutex_);
  return games_.size();
}

std::map<GameId, RunningGame> GameRegistry::all() const {
  std::lock_guard lock(mutex_);
  return games_;
}

}  // namespace yunzi::game
