// user.search, follow, unfollow and follows: finding players by name and a
// user's list of followed players with who is online. Reads use the read
// pool; follows are written through the writer, where the cap is counted,
// so follows sent at once from many connections cannot pass it together.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/session/name_key.hpp"

namespace yunzi::app {
namespace {

// Enough for a club and a circle of friends; bounds what one `follows` reply carries.
constexpr int max_follows = 200;

std::vector<std::pair<protocol::UserInfo, bool>> listed(const session::OnlineUsers& online,
                                                        const std::vector<db::UserRecord>& users) {
  std::vector<std::pair<protocol::UserInfo, bool>> out;
  for (const db::UserRecord& user : users) {
    if (!user.closed) out.emplace_back(session::user_info(user), online.is_online(user.id));
  }
  return out;
}

void reply_follow_write_error(const Call& call, const db::DbError& error) {
  switch (error.kind) {
    case db::DbErrorKind::not_found: return call.error(protocol::ErrorCode::not_found, error.message);
    case db::DbErrorKind::conflict: return call.error(protocol::ErrorCode::limit_reached, error.message);
    case db::DbErrorKind::invalid_argument: return call.error(protocol::ErrorCode::bad_request, error.message);
    default: return call.error(protocol::ErrorCode::internal, "the change could not be stored; try again");
  }
}

db::DbResult<db::UserRecord> other_user(db::Stores& stores, const std::string& key, UserId self) {
  auto user = stores.users().find_by_name_key(key);
  if (!user) return unexpected(user.error());
  if (!*user || (*user)->closed) return db::db_failure(db::DbErrorKind::not_found, "no such user");
  if ((*user)->id == self) return db::db_failure(db::DbErrorKind::invalid_argument, "you cannot follow yourself");
  return **user;
}

}  // namespace

void handle(const UserDesk& desk, const Call& call, const req::UserSearch& r) {
  db::UserQuery query;
  query.name_contains = session::name_key(r.name);
  query.include_closed = false;
  query.limit = r.limit;
  read_or_fail<std::vector<db::UserRecord>>(
      call, [query](db::Stores& stores) { return stores.users().list(query); },
      "the database could not be read; try again",
      [&desk](const Call& c, const std::vector<db::UserRecord>& found) {
        c.reply(protocol::reply_user_list(c.id, listed(desk.online, found)));
      });
}

void handle(const UserDesk& desk, const Call& call, const req::Follow& r) {
  const UserId self = call.user->id;
  desk.writer.submit_for<Done>(
      [self, key = session::name_key(r.user), now = call.now_ms()](db::Stores& stores) -> db::DbResult<Done> {
        auto followed = other_user(stores, key, self);
        if (!followed) return unexpected(followed.error());
        auto already = stores.follows().followed_by(self);
        if (!already) return unexpected(already.error());
        const bool followed_already = std::any_of(already->begin(), already->end(),
                                                  [&](const db::UserRecord& u) { return u.id == followed->id; });
        if (!followed_already && static_cast<int>(already->size()) >= max_follows) {
          return db::db_failure(db::DbErrorKind::conflict,
                                "at most " + std::to_string(max_follows) + " followed players; unfollow one first");
        }
        return stores.follows().follow(self, followed->id, now);
      },
      [call](db::DbResult<Done> done) {
        if (!done) return reply_follow_write_error(call, done.error());
        call.ok();
      });
}

void handle(const UserDesk& desk, const Call& call, const req::Unfollow& r) {
  const UserId self = call.user->id;
  desk.writer.submit_for<Done>(
      [self, key = session::name_key(r.user)](db::Stores& stores) -> db::DbResult<Done> {
        auto followed = other_user(stores, key, self);
        if (!followed) return unexpected(followed.error());
        auto removed = stores.follows().unfollow(self, followed->id);
        if (!removed && removed.error().kind == db::DbErrorKind::not_found) {
          return db::db_failure(db::DbErrorKind::not_found, "you do not follow " + followed->name);
        }
        return removed;
      },
      [call](db::DbResult<Done> done) {
        if (!done) return reply_follow_write_error(call, done.error());
        call.ok();
      });
}

void handle(const UserDesk& desk, const Call& call, const req::Follows&) {
  read_or_fail<std::vector<db::UserRecord>>(
      call, [self = call.user->id](db::Stores& stores) { return stores.follows().followed_by(self); },
      "the database could not be read; try again",
      [&desk](const Call& c, const std::vector<db::UserRecord>& followed) {
        c.reply(protocol::reply_user_list(c.id, listed(desk.online, followed)));
      });
}

}  // namespace yunzi::app
