#include "server/app/rank_corrections.hpp"

#include <algorithm>
#include <map>

#include "server/app/rank_records.hpp"
#include "server/ranking/recommendation.hpp"
#include "server/ranking/short_games.hpp"

namespace yunzi::app {
namespace {

db::DbResult<db::UserRecord> existing_user(db::Stores& stores, db::UserId id) {
  auto user = stores.users().find_by_id(id);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  return **user;
}

// Applies one player's recomputation; returns the net change, if any.
db::DbResult<std::optional<UserRankChange>> recompute_player(db::Stores& stores,
                                                                   const ranking::RankingPolicy& policy,
                                                                   db::UserId player, db::GameId annulled,
                                                                   db::TimeMs now) {
  auto user = existing_user(stores, player);
  if (!user) return unexpected(user.error());
  auto stored = player_history(stores, *user);
  if (!stored) return unexpected(stored.error());
  auto result = ranking::recompute(policy, stored->history, annulled);
  if (!result) return db::db_failure(db::DbErrorKind::invalid_argument, result.error().message);

  std::map<db::GameId, const db::GameRecord*> games;
  for (const db::GameRecord& game : stored->games) games[game.id] = &game;

  for (std::size_t index : result->superseded) {
    if (auto r = stores.ranks().supersede(stored->events[index].id, now); !r) return unexpected(r.error());
  }
  for (const ranking::RankChange& replacement : result->replacements) {
    // A replacement takes effect where its game ended, so the block after it starts there.
    const auto caused_by = replacement.game ? games.find(*replacement.game) : games.end();
    const db::TimeMs at = caused_by != games.end() ? caused_by->second->ended_ms.value_or(now) : now;
    if (auto r = stores.ranks().record_change(stored_event(player, replacement, at)); !r) return unexpected(r.error());
  }
  if (auto r = stores.users().set_rank(player, result->rank.index()); !r) return unexpected(r.error());
  for (db::GameId converted : result->conversions) {
    const auto game = games.find(converted);
    if (game == games.end()) continue;
    const db::GameRecord& record = *game->second;
    for (db::UserId who : {record.black_id, record.white_id}) {
      if (auto r = record_conversion(stores, converted, who, "annulment", now); !r) return unexpected(r.error());
    }
  }
  if (!result->net_change) return std::optional<UserRankChange>{};
  return std::optional(UserRankChange{player, announced_change(user->name, *result->net_change)});
}

ranking::RecommendedRecord recommended_record(const db::Recommendation& recommendation,
                                              const std::vector<db::GameRecord>& games_since,
                                              const std::vector<db::RankEvent>& events, db::UserId user,
                                              const std::set<db::GameId>& converted) {
  ranking::RecommendedRecord record;
  record.former_rank = rank_at(recommendation.former_rank);
  for (const db::GameRecord& game : games_since) record.games_since.push_back(rated_game_of(game, user, converted));
  for (const db::RankEvent& event : events) {
    if (event.superseded_ms || event.at_ms <= recommendation.at_ms) continue;
    const auto reason = ranking::parse_change_reason(event.reason).value_or(ranking::ChangeReason::admin);
    record.changes_since.push_back(
        ranking::RankChange{rank_at(event.from_rank), rank_at(event.to_rank), reason, event.game_id});
  }
  return record;
}

db::DbResult<ranking::RecommenderRecord> recommender_record(db::Stores& stores, const db::UserRecord& recommender) {
  ranking::RecommenderRecord record;
  record.rank = rank_at(recommender.rank);
  auto converted = converted_games(stores, recommender.id);
  if (!converted) return unexpected(converted.error());
  auto games = stores.games().rated_games_of_user(recommender.id, 0);
  if (!games) return unexpected(games.error());
  for (const db::GameRecord& game : *games) {
    const int rank_then = game.black_id == recommender.id ? game.black_rank : game.white_rank;
    const ranking::RatedGame seen = rated_game_of(game, recommender.id, *converted);
    if (rank_at(rank_then) == ranking::recommender_rank && ranking::is_counted(seen)) {
      record.counted_games_at_9d.push_back(seen.finished_at);
    }
  }
  auto earlier = stores.ranks().recommendations_by(recommender.id);
  if (!earlier) return unexpected(earlier.error());
  for (const db::Recommendation& r : *earlier) {
    record.recommendations.push_back(unix_seconds(r.at_ms));
    if (!r.revoked_ms) continue;
    auto recommendee = existing_user(stores, r.user_id);
    if (!recommendee) return unexpected(recommendee.error());
    record.revoked_recommendees.push_back(rank_at(recommendee->rank));
  }
  return record;
}

}  // namespace

db::DbResult<Annulment> annul_game(db::Stores& stores, const ranking::RankingPolicy& policy, db::GameId game,
                                   db::TimeMs now) {
  auto loaded = stores.games().load(game);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded) return db::db_failure(db::DbErrorKind::not_found, "no such game");
  Annulment out{(*loaded)->game, {}};
  if (out.game.status != db::GameStatus::ended) {
    return db::db_failure(db::DbErrorKind::conflict, "the game is still in progress; only ended games are annulled");
  }
  if (out.game.annulled) return db::db_failure(db::DbErrorKind::conflict, "the game is already annulled");
  if (auto r = stores.games().set_annulled(game); !r) return unexpected(r.error());
  if (!out.game.rated) return out;
  for (db::UserId player : {out.game.black_id, out.game.white_id}) {
    auto change = recompute_player(stores, policy, player, game, now);
    if (!change) return unexpected(change.error());
    if (*change) out.changes.push_back(**change);
  }
  return out;
}

db::DbResult<UserRankChange> recommend_player(db::Stores& stores, db::UserId recommender_id,
                                                    const std::string& candidate_name_key, db::TimeMs now) {
  auto recommender = existing_user(stores, recommender_id);
  if (!recommender) return unexpected(recommender.error());
  auto candidate = stores.users().find_by_name_key(candidate_name_key);
  if (!candidate) return unexpected(candidate.error());
  if (!*candidate) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  auto record = recommender_record(stores, *recommender);
  if (!record) return unexpected(record.error());

  const ranking::UnixSeconds now_s = unix_seconds(now);
  if (auto allowed = ranking::may_recommend(*record, now_s); !allowed) {
    return db::db_failure(db::DbErrorKind::invalid_argument, allowed.error().message);
  }
  auto change = ranking::recommend(*record, recommender->id, (*candidate)->id, rank_at((*candidate)->rank), now_s);
  if (!change) return db::db_failure(db::DbErrorKind::conflict, change.error().message);

  if (auto r = stores.ranks().record_change(stored_event((*candidate)->id, *change, now)); !r) {
    return unexpected(r.error());
  }
  db::Recommendation recommendation{0, recommender->id, (*candidate)->id, (*candidate)->rank, now, {}, {}};
  if (auto r = stores.ranks().add_recommendation(recommendation); !r) return unexpected(r.error());
  return UserRankChange{(*candidate)->id, announced_change((*candidate)->name, *change)};
}

db::DbResult<std::optional<UserRankChange>> revoke_recommendation(db::Stores& stores, const db::UserRecord& user,
                                                                        db::UserId admin, db::TimeMs now) {
  auto standing = stores.ranks().standing_recommendation_of(user.id);
  if (!standing) return unexpected(standing.error());
  if (!*standing) return db::db_failure(db::DbErrorKind::not_found, "the user holds no recommendation");
  auto converted = converted_games(stores, user.id);
  if (!converted) return unexpected(converted.error());
  auto games = stores.games().rated_games_of_user(user.id, (*standing)->at_ms);
  if (!games) return unexpected(games.error());
  auto events = stores.ranks().history_of_user(user.id);
  if (!events) return unexpected(events.error());

  const auto record = recommended_record(**standing, *games, *events, user.id, *converted);
  const auto change = ranking::revoke(record, rank_at(user.rank));
  if (auto r = stores.ranks().revoke_recommendation((*standing)->id, admin, now); !r) return unexpected(r.error());
  if (!change) return std::optional<UserRankChange>{};
  if (auto r = stores.ranks().record_change(stored_event(user.id, *change, now)); !r) return unexpected(r.error());
  return std::optional(UserRankChange{user.id, announced_change(user.name, *change)});
}

db::DbResult<std::vector<protocol::ReviewEntry>> review_list(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                             int limit) {
  auto players = stores.ranks().users_with_short_games(db::max_page_size);
  if (!players) return unexpected(players.error());
  std::vector<ranking::PlayerState> states;
  std::map<db::UserId, db::UserRecord> users;
  for (db::UserId id : *players) {
    auto user = existing_user(stores, id);
    if (!user) return unexpected(user.error());
    auto state = player_state(stores, policy, *user);
    if (!state) return unexpected(state.error());
    states.push_back(std::move(*state));
    users[id] = std::move(*user);
  }
  std::vector<protocol::ReviewEntry> out;
  for (const ranking::ReviewEntry& entry : ranking::review_list(states)) {
    if (static_cast<int>(out.size()) >= limit) break;
    const db::UserRecord& user = users.at(entry.player);
    out.push_back(protocol::ReviewEntry{protocol::PlayerRef{user.name, protocol::Rank{user.rank}}, entry.short_games});
  }
  return out;
}

}  // namespace yunzi::app
