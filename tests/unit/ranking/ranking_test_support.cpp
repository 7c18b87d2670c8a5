#include "tests/unit/ranking/ranking_test_support.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

namespace yunzi::ranking::test {

namespace {
constexpr UserId player_id = 1;
constexpr UserId first_fresh_opponent = 1000;
}  // namespace

Rank rank_of(std::string_view text) {
  const auto rank = parse_rank(text);
  REQUIRE(rank.has_value());
  return *rank;
}

RatedGame game(GameId id, Outcome outcome, UserId opponent) {
  RatedGame g;
  g.id = id;
  g.opponent = opponent != 0 ? opponent : first_fresh_opponent + id;
  g.outcome = outcome;
  g.move_count = 200;
  g.finished_at = 1'700'000'000 + id * 3600;
  return g;
}

RatedGame win(GameId id, UserId opponent) { return game(id, Outcome::win, opponent); }
RatedGame loss(GameId id, UserId opponent) { return game(id, Outcome::loss, opponent); }

std::vector<RatedGame> games_from(std::string_view script, GameId first_id) {
  std::vector<RatedGame> games;
  for (char letter : script) {
    const Outcome outcome = letter == 'W'   ? Outcome::win
                            : letter == 'L' ? Outcome::loss
                            : letter == 'D' ? Outcome::draw
                                            : Outcome::voided;
    REQUIRE(std::string("WLDV").find(letter) != std::string::npos);
    games.push_back(game(first_id++, outcome));
  }
  return games;
}

Player::Player(Rank rank, const RankingPolicy* policy) : state_{player_id, rank, rank, {}}, policy_(policy) {}

Decision Player::play(RatedGame game) {
  next_id_ = std::max(next_id_, game.id + 1);
  auto decision = policy_ ? policy_->evaluate_after_game(state_, game) : evaluate_after_game(state_, game);
  REQUIRE(decision.has_value());
  state_.block_games.push_back(game);
  for (RatedGame& in_block : state_.block_games) {
    if (std::count(decision->conversions.begin(), decision->conversions.end(), in_block.id)) in_block.converted = true;
  }
  if (decision->change) {
    changes_.push_back(*decision->change);
    state_.rank = decision->change->to;
    state_.block_start_rank = decision->change->to;
  }
  if (decision->block == BlockStatus::closed) state_.block_games.clear();
  return *decision;
}

std::vector<Decision> Player::play_all(const std::vector<RatedGame>& games) {
  std::vector<Decision> decisions;
  for (const RatedGame& g : games) decisions.push_back(play(g));
  return decisions;
}

std::vector<Decision> Player::play_script(std::string_view script) { return play_all(games_from(script, next_id_)); }

}  // namespace yunzi::ranking::test
