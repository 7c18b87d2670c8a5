// Machine opponents: what each bot account last said it plays (bot.offer),
// kept as the JSON text the server made of it, and the list of bots with it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "db/error.hpp"
#include "db/records.hpp"

namespace yunzi::db {

struct BotListing {
  UserRecord user;
  std::string offer;  // JSON text; empty for a bot that never offered
};

class BotStore {
 public:
  virtual ~BotStore() = default;
  // Replaces the bot's offer.
  virtual DbResult<Done> set_offer(UserId bot, std::string_view offer, TimeMs at_ms) = 0;
  // Open bot accounts, weakest first (then by name), at most `limit`.
  virtual DbResult<std::vector<BotListing>> list(int limit) = 0;
};

}  // namespace yunzi::db
