// A single node: no other node runs games, holds seeks or shares the store,
// so every question to Elsewhere is answered here.
#pragma once

#include "server/app/elsewhere.hpp"

namespace yunzi::app {

class LoneNode : public Elsewhere {
 public:
  db::DbResult<std::optional<GameRefusal>> refuse_new_game(db::Stores&, const db::NewGame&,
                                                           std::size_t) const override {
    return std::optional<GameRefusal>();
  }
  db::DbResult<std::optional<db::GameFence>> claim_new_game(db::Stores&, GameId, TimeMs) const override {
    return std::optional<db::GameFence>();
  }
  void serve(GameId) override {}
  void unserve(GameId) override {}
  void watch(const Call&, const protocol::req::GameWatch&, NotRunning not_running) override { not_running(false); }
  void unwatch(const Call& call, GameId) override { call.ok(); }
  void call(const Call&, GameId, std::string, bool, NotRunning not_running) override { not_running(false); }
  void rejoin_games(const Call& call, const db::UserRecord&,
                    std::function<void(const Call&, std::vector<GameId>)> then) override {
    then(call, {});
  }
  void connection_left(std::uint64_t) override {}
  bool follow_moved_game(const session::SessionPtr&, GameId, const std::string&) override { return false; }
  void send_to_user(UserId, const protocol::Frame&) const override {}
  void rank_changed(UserId, Rank, const protocol::Frame&) const override {}
  void kick(UserId, std::string_view) const override {}
  void forfeit_games(UserId, const std::string&) const override {}
  void game_made(UserId, GameId) const override {}
  bool pass_on(const lobby::LobbyCaller&, std::string, std::int64_t, nlohmann::json) const override { return false; }
};

}  // namespace yunzi::app
