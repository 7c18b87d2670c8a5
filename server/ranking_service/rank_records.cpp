#include "server/ranking_service/rank_records.hpp"

#include <algorithm>

namespace yunzi::ranking_service {

db::DbResult<db::UserRecord> existing_user(db::Stores& stores, UserId id) {
  auto user = stores.users().find_by_id(id);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  return **user;
}

db::DbResult<db::UserRecord> existing_user_by_key(db::Stores& stores, const std::string& name_key) {
  auto user = stores.users().find_by_name_key(name_key);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  return **user;
}

ranking::Outcome outcome_for(const std::optional<GameResult>& result, Color player) {
  if (!result || result->how == EndReason::aborted) return ranking::Outcome::voided;
  if (!result->winner) return ranking::Outcome::draw;
  return *result->winner == player ? ranking::Outcome::win : ranking::Outcome::loss;
}

ranking::RatedGame rated_game_of(const db::GameRecord& game, UserId player, const std::set<GameId>& converted) {
  const bool is_black = game.black_id == player;
  ranking::RatedGame out;
  out.id = game.id;
  out.opponent = is_black ? game.white_id : game.black_id;
  out.opponent_rank = is_black ? game.white_rank : game.black_rank;
  out.outcome = outcome_for(game.result, is_black ? Color::black : Color::white);
  // In 让先 the weaker player holds black, so the stronger one gives it as white.
  out.gave_rang_xian = game.settings.handicap == 1 && !is_black;
  out.converted = converted.contains(game.id);
  out.annulled = game.annulled;
  out.move_count = game.move_count;
  out.finished_at = unix_seconds(game.ended_ms.value_or(game.started_ms));
  return out;
}

db::DbResult<std::set<GameId>> converted_games(db::Stores& stores, UserId user) {
  auto conversions = stores.ranks().conversions_of_user(user);
  if (!conversions) return unexpected(conversions.error());
  std::set<GameId> converted;
  for (const auto& c : *conversions) converted.insert(c.game_id);
  return converted;
}

db::DbResult<SinceLastChange> since_last_change(db::Stores& stores, const db::UserRecord& user) {
  auto last_events = stores.ranks().events_of_user(user.id, 1);
  if (!last_events) return unexpected(last_events.error());
  const TimeMs since = last_events->empty() ? TimeMs{0} : last_events->front().at_ms;
  SinceLastChange out;
  auto converted = converted_games(stores, user.id);
  if (!converted) return unexpected(converted.error());
  auto records = stores.games().rated_games_of_user(user.id, since);
  if (!records) return unexpected(records.error());
  for (const db::GameRecord& record : *records) out.games.push_back(rated_game_of(record, user.id, *converted));
  auto awards = stores.tournaments().awards_of_user(user.id, since);
  if (!awards) return unexpected(awards.error());
  for (const db::TournamentAward& award : *awards) {
    if (award.rank == user.rank) out.bonus.push_back({award.points, unix_seconds(award.awarded_ms)});
  }
  return out;
}

db::DbResult<ranking::PlayerState> player_state(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                const db::UserRecord& user, std::optional<GameId> leave_out) {
  ranking::PlayerState state;
  state.player = user.id;
  state.rank = user.rank;
  state.block_start_rank = state.rank;
  auto at_rank = since_last_change(stores, user);
  if (!at_rank) return unexpected(at_rank.error());
  state.bonus_awards = std::move(at_rank->bonus);
  for (const ranking::RatedGame& game : at_rank->games) {
    if (game.id == leave_out) continue;
    auto decision = policy.evaluate_after_game(state, game);
    if (!decision) return db::db_failure(db::DbErrorKind::invalid_argument, decision.error().message);
    state.block_games.push_back(game);
    if (decision->block == ranking::BlockStatus::closed) state.block_games.clear();
  }
  return state;
}

db::DbResult<StoredHistory> player_history(db::Stores& stores, const db::UserRecord& user) {
  StoredHistory out;
  out.history.player = user.id;
  out.history.registered_rank = user.rank;

  auto events = stores.ranks().history_of_user(user.id);
  if (!events) return unexpected(events.error());
  if (!events->empty()) out.history.registered_rank = events->front().from_rank;
  for (db::RankEvent& event : *events) {
    if (event.superseded_ms) continue;
    const auto reason = ranking::parse_change_reason(event.reason).value_or(ranking::ChangeReason::admin);
    out.history.events.push_back(ranking::RankEvent{
        ranking::RankChange{event.from_rank, event.to_rank, reason, event.game_id}, unix_seconds(event.at_ms)});
    out.events.push_back(std::move(event));
  }

  auto converted = converted_games(stores, user.id);
  if (!converted) return unexpected(converted.error());
  auto games = stores.games().rated_games_of_user(user.id, 0);
  if (!games) return unexpected(games.error());
  for (const db::GameRecord& game : *games) out.history.games.push_back(rated_game_of(game, user.id, *converted));
  out.games = std::move(*games);
  return out;
}

db::RankEvent stored_event(UserId user, const ranking::RankChange& change, TimeMs at) {
  return db::RankEvent{0,           user, change.from, change.to, std::string(ranking::to_string(change.reason)),
                       change.game, at,   std::nullopt};
}

protocol::RankChange announced_change(const std::string& name, const ranking::RankChange& change) {
  return protocol::RankChange{name, change.from, change.to, std::string(ranking::to_string(change.reason)),
                              change.game};
}

db::DbResult<Done> record_conversion(db::Stores& stores, GameId game, UserId user, std::string_view reason, TimeMs at) {
  auto converted = converted_games(stores, user);
  if (!converted) return unexpected(converted.error());
  if (converted->contains(game)) return Done{};
  auto added = stores.ranks().add_conversion(db::RatedConversion{0, game, user, std::string(reason), at});
  if (!added) return unexpected(added.error());
  return Done{};
}

}  // namespace yunzi::ranking_service
