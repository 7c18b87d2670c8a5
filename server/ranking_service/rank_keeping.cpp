#include "server/ranking_service/rank_keeping.hpp"

#include <array>
#include <optional>

#include "server/ranking/bracket.hpp"
#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {
namespace {

ranking::RatedGame ending_game(const game::GameEndFacts& facts, bool is_black, bool converted) {
  ranking::RatedGame game;
  game.id = facts.game;
  game.opponent = is_black ? facts.white_id : facts.black_id;
  game.opponent_rank = is_black ? facts.white_rank : facts.black_rank;
  game.outcome = outcome_for(facts.result, is_black ? Color::black : Color::white);
  game.gave_rang_xian = facts.handicap == 1 && !is_black;
  game.converted = converted;
  game.move_count = facts.move_count;
  game.finished_at = unix_seconds(facts.ended_ms);
  return game;
}

// The winner is judged first: the validity rule may turn the ending game
// friendly, and then it must not count for the loser either.
std::array<bool, 2> judging_order(const game::GameEndFacts& facts) {
  if (facts.result.winner == Color::white) return {false, true};
  return {true, false};
}

// A conversion is recorded for the player and for that game's opponent.
db::DbResult<Done> record_conversions(db::Stores& stores, const ranking::PlayerState& state,
                                      const ranking::RatedGame& ending, const std::vector<GameId>& conversions,
                                      TimeMs at) {
  for (GameId converted : conversions) {
    std::optional<UserId> opponent;
    if (converted == ending.id) opponent = ending.opponent;
    for (const ranking::RatedGame& game : state.block_games) {
      if (game.id == converted) opponent = game.opponent;
    }
    for (const std::optional<UserId> user : {std::optional<UserId>(state.player), opponent}) {
      if (!user) continue;
      if (auto r = record_conversion(stores, converted, *user, "validity", at); !r) return unexpected(r.error());
    }
  }
  return Done{};
}

}  // namespace

db::DbResult<std::vector<protocol::RankChange>> rank_on_end(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                            const game::GameEndFacts& facts) {
  std::vector<protocol::RankChange> changes;
  if (!facts.rated) return changes;
  bool flagged = false;
  for (const bool is_black : judging_order(facts)) {
    const UserId player = is_black ? facts.black_id : facts.white_id;
    auto user = stores.users().find_by_id(player);
    if (!user) return unexpected(user.error());
    if (!*user) continue;
    auto state = player_state(stores, policy, **user, facts.game);
    if (!state) return unexpected(state.error());
    // Conversions recorded so far, the other player's judgement included.
    auto converted = converted_games(stores, player);
    if (!converted) return unexpected(converted.error());
    const ranking::RatedGame ending = ending_game(facts, is_black, converted->contains(facts.game));

    auto decision = policy.evaluate_after_game(*state, ending);
    if (!decision) return db::db_failure(db::DbErrorKind::invalid_argument, decision.error().message);

    if (auto r = record_conversions(stores, *state, ending, decision->conversions, facts.ended_ms); !r) {
      return unexpected(r.error());
    }
    if (decision->short_game && !flagged) {
      flagged = true;
      auto r = stores.ranks().flag_short_game(db::ShortGameFlag{facts.game, facts.move_count, facts.ended_ms});
      if (!r) return unexpected(r.error());
    }
    if (decision->change) {
      // The change takes effect where the game ended; the next block starts there.
      ranking::RankChange change = *decision->change;
      change.game = facts.game;
      if (auto r = stores.ranks().record_change(stored_event(player, change, facts.ended_ms)); !r) {
        return unexpected(r.error());
      }
      changes.push_back(announced_change((*user)->name, change));
    }
  }
  return changes;
}

db::DbResult<protocol::RankProgress> rank_progress(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                   UserId user_id) {
  auto user = stores.users().find_by_id(user_id);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  auto state = player_state(stores, policy, **user);
  if (!state) return unexpected(state.error());
  const ranking::RankProgress progress = policy.progress(*state);
  const ranking::Bracket& bracket = ranking::bracket_for(state->block_start_rank);
  protocol::RankProgress out;
  out.games = progress.games;
  out.wins = progress.wins;
  out.losses = progress.losses;
  out.block_size = progress.block_size;
  out.wins_to_promote = bracket.promote_one_at;
  out.losses_to_demote = bracket.block_size - bracket.demote_one_at;
  out.summary = progress.summary;
  return out;
}

}  // namespace yunzi::ranking_service
