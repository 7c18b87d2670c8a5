#include "server/ranking_service/rank_corrections.hpp"

#include <algorithm>
#include <map>

#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {
namespace {

// Applies one player's recomputation; returns the net change, if any.
db::DbResult<std::optional<UserRankChange>> recompute_player(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                             UserId player, GameId annulled, TimeMs now) {
  auto user = existing_user(stores, player);
  if (!user) return unexpected(user.error());
  auto stored = player_history(stores, *user);
  if (!stored) return unexpected(stored.error());
  auto result = ranking::recompute(policy, stored->history, annulled);
  if (!result) return db::db_failure(db::DbErrorKind::invalid_argument, result.error().message);

  std::map<GameId, const db::GameRecord*> games;
  for (const db::GameRecord& game : stored->games) games[game.id] = &game;

  for (std::size_t index : result->superseded) {
    if (auto r = stores.ranks().supersede(stored->events[index].id, now); !r) return unexpected(r.error());
  }
  for (const ranking::RankChange& replacement : result->replacements) {
    // A replacement takes effect where its game ended, so the block after it starts there.
    const auto caused_by = replacement.game ? games.find(*replacement.game) : games.end();
    const TimeMs at = caused_by != games.end() ? caused_by->second->ended_ms.value_or(now) : now;
    if (auto r = stores.ranks().record_change(stored_event(player, replacement, at)); !r) return unexpected(r.error());
  }
  if (auto r = stores.users().set_rank(player, result->rank); !r) return unexpected(r.error());
  for (GameId converted : result->conversions) {
    const auto game = games.find(converted);
    if (game == games.end()) continue;
    const db::GameRecord& record = *game->second;
    for (UserId who : {record.black_id, record.white_id}) {
      if (auto r = record_conversion(stores, converted, who, "annulment", now); !r) return unexpected(r.error());
    }
  }
  if (!result->net_change) return std::optional<UserRankChange>{};
  return std::optional(UserRankChange{player, announced_change(user->name, *result->net_change)});
}

}  // namespace

db::DbResult<Annulment> annul_game(db::Stores& stores, const ranking::RankingPolicy& policy, GameId game, TimeMs now) {
  auto loaded = stores.games().load(game);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded) return db::db_failure(db::DbErrorKind::not_found, "no such game");
  Annulment out{(*loaded)->game, {}};
  if (out.game.status != db::GameStatus::ended) {
    return db::db_failure(db::DbErrorKind::conflict, "the game is still in progress; only ended games are annulled");
  }
  if (out.game.annulled) return db::db_failure(db::DbErrorKind::conflict, "the game is already annulled");
  if (auto r = stores.games().set_annulled(game); !r) return unexpected(r.error());
  if (!out.game.settings.rated) return out;
  for (UserId player : {out.game.black_id, out.game.white_id}) {
    auto change = recompute_player(stores, policy, player, game, now);
    if (!change) return unexpected(change.error());
    if (*change) out.changes.push_back(**change);
  }
  return out;
}

}  // namespace yunzi::ranking_service
