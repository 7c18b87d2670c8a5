#include "server/ranking_service/rank_publication.hpp"

#include <map>

#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {

db::DbResult<std::vector<UserRankChange>> publish_month(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                        TimeMs month_start, TimeMs now) {
  auto dan_players = stores.users().ranked_at_least(Rank::dan(1));
  if (!dan_players) return unexpected(dan_players.error());

  std::vector<ranking::AssociationPlayer> players;
  std::map<UserId, std::string> names;
  for (const db::UserRecord& user : *dan_players) {
    auto at_rank = since_last_change(stores, user);
    if (!at_rank) return unexpected(at_rank.error());
    ranking::AssociationPlayer player{user.id, user.rank, std::move(at_rank->games), std::move(at_rank->bonus)};
    players.push_back(std::move(player));
    names[user.id] = user.name;
  }

  std::vector<UserRankChange> published;
  for (const ranking::Promotion& promotion : policy.monthly_promotions(players, unix_seconds(month_start))) {
    if (auto r = stores.ranks().record_change(stored_event(promotion.player, promotion.change, now)); !r) {
      return unexpected(r.error());
    }
    published.push_back({promotion.player, announced_change(names[promotion.player], promotion.change)});
  }
  return published;
}

}  // namespace yunzi::ranking_service
