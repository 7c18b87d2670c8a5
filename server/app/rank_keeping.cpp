#include "server/app/rank_keeping.hpp"

#include <algorithm>
#include <set>

#include "server/ranking/bracket.hpp"
#include "server/ranking/evaluation.hpp"
#include "server/ranking/progress.hpp"
#include "server/ranking/short_games.hpp"

namespace yunzi::app {
namespace {

ranking::Rank rank_at(int index) { return ranking::Rank::from_index(index).value_or(ranking::Rank{}); }
ranking::UnixSeconds seconds(db::TimeMs ms) { return ms / 1000; }

ranking::Outcome outcome_for(const std::string& result, bool is_black) {
  if (result.empty() || result == "Void") return ranking::Outcome::voided;
  if (result == "0") return ranking::Outcome::draw;
  const bool black_won = result.front() == 'B';
  return black_won == is_black ? ranking::Outcome::win : ranking::Outcome::loss;
}

ranking::RatedGame rated_game_of(const db::GameRecord& game, db::UserId player, const std::set<db::GameId>& converted) {
  const bool is_black = game.black_id == player;
  ranking::RatedGame out;
  out.id = game.id;
  out.opponent = is_black ? game.white_id : game.black_id;
  out.opponent_rank = rank_at(is_black ? game.white_rank : game.black_rank);
  out.outcome = outcome_for(game.result.value_or(""), is_black);
  // In 让先 the weaker player holds black, so the stronger one gives it as white.
  out.gave_rang_xian = game.handicap == 1 && !is_black;
  out.converted = converted.contains(game.id);
  out.annulled = game.annulled;
  out.move_count = game.move_count;
  out.finished_at = seconds(game.ended_ms.value_or(game.started_ms));
  return out;
}

// The player's current block: rated games finished since their last rank
// event, oldest first, with full blocks that ended in a stay dropped.
db::DbResult<ranking::PlayerState> player_state(db::Stores& stores, const db::UserRecord& user,
                                                std::optional<db::GameId> leave_out) {
  ranking::PlayerState state;
  state.player = user.id;
  state.rank = rank_at(user.rank);
  state.block_start_rank = state.rank;

  auto last_events = stores.ranks().events_of_user(user.id, 1);
  if (!last_events) return unexpected(last_events.error());
  db::TimeMs since = 0;
  std::optional<db::GameId> cause;
  if (!last_events->empty()) {
    since = last_events->front().at_ms;
    cause = last_events->front().game_id;
  }
  auto conversions = stores.ranks().conversions_of_user(user.id);
  if (!conversions) return unexpected(conversions.error());
  std::set<db::GameId> converted;
  for (const auto& c : *conversions) converted.insert(c.game_id);

  std::vector<ranking::RatedGame> games;
  std::optional<db::GameId> before;
  bool done = false;
  while (!done) {
    auto page = stores.games().games_of_user(user.id, before, db::max_page_size);
    if (!page) return unexpected(page.error());
    for (const db::GameSummary& summary : *page) {
      before = summary.id;
      if (summary.status != db::GameStatus::ended || !summary.rated) continue;
      if (summary.id == leave_out || summary.id == cause) continue;
      if (summary.ended_ms.value_or(0) <= since) {
        done = true;
        break;
      }
      auto game = stores.games().load(summary.id);
      if (!game) return unexpected(game.error());
      if (*game) games.push_back(rated_game_of((*game)->game, user.id, converted));
    }
    if (page->size() < static_cast<std::size_t>(db::max_page_size)) done = true;
  }
  std::reverse(games.begin(), games.end());

  const int block_size = ranking::bracket_for(state.block_start_rank).block_size;
  int counted = 0;
  for (const ranking::RatedGame& game : games) {
    state.block_games.push_back(game);
    if (ranking::is_counted(game) && ++counted == block_size) {
      state.block_games.clear();
      counted = 0;
    }
  }
  return state;
}

db::DbResult<Done> record_conversion(db::Stores& stores, db::GameId game, db::UserId user, db::TimeMs at) {
  auto existing = stores.ranks().conversions_of_user(user);
  if (!existing) return unexpected(existing.error());
  for (const auto& c : *existing) {
    if (c.game_id == game) return Done{};
  }
  auto added = stores.ranks().add_conversion(db::RatedConversion{0, game, user, "validity", at});
  if (!added) return unexpected(added.error());
  return Done{};
}

}  // namespace

db::DbResult<std::vector<protocol::RankChange>> rank_on_end(db::Stores& stores, const game::GameEndFacts& facts) {
  std::vector<protocol::RankChange> changes;
  if (!facts.rated) return changes;
  bool flagged = false;
  for (const bool is_black : {true, false}) {
    const db::UserId player = is_black ? facts.black_id : facts.white_id;
    auto user = stores.users().find_by_id(player);
    if (!user) return unexpected(user.error());
    if (!*user) continue;
    auto state = player_state(stores, **user, facts.game);
    if (!state) return unexpected(state.error());

    ranking::RatedGame game;
    game.id = facts.game;
    game.opponent = is_black ? facts.white_id : facts.black_id;
    game.opponent_rank = rank_at(is_black ? facts.white_rank : facts.black_rank);
    game.outcome = outcome_for(facts.result, is_black);
    game.gave_rang_xian = facts.handicap == 1 && !is_black;
    game.move_count = facts.move_count;
    game.finished_at = seconds(facts.ended_ms);
    auto decision = ranking::evaluate_after_game(*state, game);
    if (!decision) return db::db_failure(db::DbErrorKind::invalid_argument, decision.error().message);

    for (db::GameId converted : decision->conversions) {
      const auto it = std::find_if(state->block_games.begin(), state->block_games.end(),
                                   [&](const ranking::RatedGame& g) { return g.id == converted; });
      if (auto r = record_conversion(stores, converted, player, facts.ended_ms); !r) return unexpected(r.error());
      if (it != state->block_games.end()) {
        if (auto r = record_conversion(stores, converted, it->opponent, facts.ended_ms); !r) return unexpected(r.error());
      }
    }
    if (decision->short_game && !flagged) {
      flagged = true;
      auto r = stores.ranks().flag_short_game(db::ShortGameFlag{facts.game, facts.move_count, facts.ended_ms});
      if (!r) return unexpected(r.error());
    }
    if (decision->change) {
      const ranking::RankChange& change = *decision->change;
      db::RankEvent event{0, player, change.from.index(), change.to.index(),
                          std::string(ranking::to_string(change.reason)), facts.game, facts.ended_ms};
      auto recorded = stores.ranks().record_change(event);
      if (!recorded) return unexpected(recorded.error());
      changes.push_back(protocol::RankChange{(*user)->name, protocol::Rank{change.from.index()},
                                             protocol::Rank{change.to.index()}, event.reason, facts.game});
    }
  }
  return changes;
}

db::DbResult<protocol::RankProgress> rank_progress(db::Stores& stores, db::UserId user_id) {
  auto user = stores.users().find_by_id(user_id);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  auto state = player_state(stores, **user, std::nullopt);
  if (!state) return unexpected(state.error());
  const ranking::RankProgress progress = ranking::tom_progress(*state);
  const ranking::Bracket& bracket = ranking::bracket_for(state->block_start_rank);
  protocol::RankProgress out;
  out.games = progress.games;
  out.wins = progress.wins;
  out.losses = progress.losses;
  out.block_size = bracket.block_size;
  out.wins_to_promote = bracket.promote_one_at;
  out.losses_to_demote = bracket.block_size - bracket.demote_one_at;
  return out;
}

}  // namespace yunzi::app
