// What the rank tests share: ranks from text, games from a compact
// script ("WWL"), and a player who plays games one after another and applies
// each decision the way the server does.
#pragma once

#include <string_view>
#include <vector>

#include "server/ranking/evaluation.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::ranking::test {

Rank rank_of(std::string_view text);  // fails the test on a bad spelling

RatedGame game(GameId id, Outcome outcome, UserId opponent = 0);
RatedGame win(GameId id, UserId opponent = 0);  // opponent 0: a different opponent per game
RatedGame loss(GameId id, UserId opponent = 0);

// One game per letter: W win, L loss, D draw, V void; ids first_id, first_id+1, ...
std::vector<RatedGame> games_from(std::string_view script, GameId first_id = 1);

// Plays games one by one for one player, applying every decision.
class Player {
 public:
  explicit Player(Rank rank, const RankingPolicy* policy = nullptr);
  Decision play(RatedGame game);
  std::vector<Decision> play_all(const std::vector<RatedGame>& games);
  // The games of `script` with fresh ids; returns the decisions.
  std::vector<Decision> play_script(std::string_view script);

  const PlayerState& state() const { return state_; }
  const std::vector<RankChange>& changes() const { return changes_; }
  GameId next_id() const { return next_id_; }

 private:
  PlayerState state_;
  const RankingPolicy* policy_;
  std::vector<RankChange> changes_;
  GameId next_id_ = 1;
};

}  // namespace yunzi::ranking::test
