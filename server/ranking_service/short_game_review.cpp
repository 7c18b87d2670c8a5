#include "server/ranking_service/short_game_review.hpp"

#include <algorithm>

#include "server/ranking/short_games.hpp"

namespace yunzi::ranking_service {

db::DbResult<ReviewPage> review_page(db::Stores& stores, const std::string& after, int limit) {
  auto players = stores.ranks().players_awaiting_review(ranking::review_threshold, after, limit);
  if (!players) return unexpected(players.error());
  ReviewPage page;
  std::string last_key;
  for (UserId id : *players) {
    auto user = stores.users().find_by_id(id);
    if (!user) return unexpected(user.error());
    if (!*user) continue;
    auto games = stores.ranks().short_games_awaiting_review(id);
    if (!games) return unexpected(games.error());
    page.players.push_back(protocol::ReviewEntry{protocol::PlayerRef{(*user)->name, (*user)->rank}, std::move(*games)});
    last_key = (*user)->name_key;
  }
  if (static_cast<int>(players->size()) == limit && !page.players.empty()) {
    auto more = stores.ranks().players_awaiting_review(ranking::review_threshold, last_key, 1);
    if (!more) return unexpected(more.error());
    if (!more->empty()) page.next = page.players.back().user.name;
  }
  return page;
}

db::DbResult<KeptGames> keep_short_games(db::Stores& stores, const std::string& name_key,
                                         const std::optional<std::vector<GameId>>& games, UserId admin, TimeMs now) {
  auto user = stores.users().find_by_name_key(name_key);
  if (!user) return unexpected(user.error());
  if (!*user) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  auto awaiting = stores.ranks().short_games_awaiting_review((*user)->id);
  if (!awaiting) return unexpected(awaiting.error());
  KeptGames kept{**user, games.value_or(*awaiting)};
  if (kept.games.empty()) {
    return db::db_failure(db::DbErrorKind::conflict, kept.user.name + " has no short games awaiting review");
  }
  for (GameId game : kept.games) {
    if (std::find(awaiting->begin(), awaiting->end(), game) != awaiting->end()) continue;
    auto stored = stores.games().load(game);
    if (!stored) return unexpected(stored.error());
    if (!*stored) return db::db_failure(db::DbErrorKind::not_found, "no such game " + std::to_string(game));
    return db::db_failure(db::DbErrorKind::conflict, "game " + std::to_string(game) + " is not a short game of " +
                                                         kept.user.name + " awaiting review");
  }
  for (GameId game : kept.games) {
    if (auto added = stores.ranks().add_short_game_review(db::ShortGameReview{game, kept.user.id, admin, now});
        !added) {
      return unexpected(added.error());
    }
  }
  return kept;
}

}  // namespace yunzi::ranking_service
