// Who follows whom: a user's list of followed players.
#pragma once

#include <vector>

#include "db/error.hpp"
#include "db/records.hpp"

namespace yunzi::db {

class FollowStore {
 public:
  virtual ~FollowStore() = default;
  // Following someone already followed changes nothing.
  virtual DbResult<Done> follow(UserId user, UserId followed, TimeMs at_ms) = 0;
  // not_found when `user` does not follow `followed`.
  virtual DbResult<Done> unfollow(UserId user, UserId followed) = 0;
  // The followed players, by name.
  virtual DbResult<std::vector<UserRecord>> followed_by(UserId user) = 0;
  // Who follows `user`, at most `limit` of them.
  virtual DbResult<std::vector<UserId>> followers_of(UserId user, int limit) = 0;
};

}  // namespace yunzi::db
