// The SQLite follow store (see db/follow_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/follow_store.hpp"

namespace yunzi::db {

class SqlFollowStore final : public FollowStore {
 public:
  explicit SqlFollowStore(Connection& connection) : db_(connection) {}
  DbResult<Done> follow(UserId user, UserId followed, TimeMs at_ms) override;
  DbResult<Done> unfollow(UserId user, UserId followed) override;
  DbResult<std::vector<UserRecord>> followed_by(UserId user) override;
  DbResult<std::vector<UserId>> followers_of(UserId user, int limit) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
