#include "db/sql_bot_store.hpp"

#include <map>

#include "db/row_reading.hpp"
#include "db/user_rows.hpp"

namespace yunzi::db {

DbResult<Done> SqlBotStore::set_offer(UserId bot, std::string_view offer, TimeMs at_ms) {
  return db_.execute(
      "INSERT INTO bot_offers (user_id, offer, updated_ms) VALUES (?, ?, ?) "
      "ON CONFLICT (user_id) DO UPDATE SET offer = excluded.offer, updated_ms = excluded.updated_ms",
      bot, std::string(offer), at_ms);
}

DbResult<std::vector<BotListing>> SqlBotStore::list(int limit) {
  static const std::string sql = select_users("closed = 0 AND role = 'bot' ORDER BY rank, name_key LIMIT ?");
  auto bots = read_all<UserRecord>(db_.query(sql, limit), read_user);
  if (!bots) return unexpected(bots.error());
  // Bots are few: their offers are read in one go and joined here.
  using Offer = std::pair<UserId, std::string>;
  auto offers = read_all<Offer>(db_.query("SELECT o.user_id, o.offer FROM bot_offers o JOIN users u ON u.id = o.user_id"
                                          " WHERE u.role = 'bot' AND u.closed = 0"),
                                [](const Row& row) {
                                  return Offer{row.integer(0), row.text(1)};
                                });
  if (!offers) return unexpected(offers.error());
  const std::map<UserId, std::string> by_bot(offers->begin(), offers->end());
  std::vector<BotListing> out;
  out.reserve(bots->size());
  for (UserRecord& user : *bots) {
    const auto offer = by_bot.find(user.id);
    out.push_back(BotListing{std::move(user), offer == by_bot.end() ? std::string() : offer->second});
  }
  return out;
}

}  // namespace yunzi::db
