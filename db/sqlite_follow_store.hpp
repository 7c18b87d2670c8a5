// The SQLite follow store (see db/follow_store.hpp).
#pragma once

#include "db/follow_store.hpp"
#include "db/sqlite.hpp"

namespace yunzi::db {

class SqliteFollowStore final : public FollowStore {
 public:
  explicit SqliteFollowStore(Connection& connection) : db_(connection) {}
  DbResult<Done> follow(UserId user, UserId followed, TimeMs at_ms) override;
  DbResult<Done> unfollow(UserId user, UserId followed) override;
  DbResult<std::vector<UserRecord>> followed_by(UserId user) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
