// The SQL bot store (see db/bot_store.hpp).
#pragma once

#include "db/bot_store.hpp"
#include "db/connection.hpp"

namespace yunzi::db {

class SqlBotStore final : public BotStore {
 public:
  explicit SqlBotStore(Connection& connection) : db_(connection) {}
  DbResult<Done> set_offer(UserId bot, std::string_view offer, TimeMs at_ms) override;
  DbResult<std::vector<BotListing>> list(int limit) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
