#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

std::vector<std::uint8_t> hash_of(std::uint8_t seed) { return std::vector<std::uint8_t>(32, seed); }

}  // namespace

TEST_CASE_METHOD(StoreTest, "sessions are created, found, extended and removed by token hash", "[db][sessions]") {
  SessionStore& sessions = db.stores().sessions();
  const UserId user = create_user(db.stores(), "sess").id;
  REQUIRE(sessions.create(SessionRecord{hash_of(1), user, 100, 1'000}));
  REQUIRE(sessions.create(SessionRecord{hash_of(2), user, 100, 2'000}));

  auto found = sessions.find(hash_of(1));
  REQUIRE(found);
  REQUIRE(found->has_value());
  CHECK((*found)->user_id == user);
  CHECK((*found)->expires_ms == 1'000);
  CHECK((*found)->token_hash == hash_of(1));
  CHECK_FALSE(sessions.find(hash_of(3))->has_value());

  REQUIRE(sessions.extend(hash_of(1), 5'000));
  CHECK((**sessions.find(hash_of(1))).expires_ms == 5'000);
  CHECK(sessions.extend(hash_of(9), 5'000).error().kind == DbErrorKind::not_found);

  REQUIRE(sessions.remove(hash_of(1)));
  CHECK_FALSE(sessions.find(hash_of(1))->has_value());
  CHECK(sessions.remove(hash_of(1)).error().kind == DbErrorKind::not_found);
}

TEST_CASE_METHOD(StoreTest, "expired sessions are purged", "[db][sessions]") {
  SessionStore& sessions = db.stores().sessions();
  const UserId user = create_user(db.stores(), "purge").id;
  REQUIRE(sessions.create(SessionRecord{hash_of(1), user, 0, 1'000}));
  REQUIRE(sessions.create(SessionRecord{hash_of(2), user, 0, 3'000}));
  auto removed = sessions.remove_expired(2'000);
  REQUIRE(removed);
  CHECK(*removed == 1);
  CHECK_FALSE(sessions.find(hash_of(1))->has_value());
  CHECK(sessions.find(hash_of(2))->has_value());
}

TEST_CASE_METHOD(StoreTest, "a session for an unknown user is refused by the foreign key", "[db][sessions]") {
  auto refused = db.stores().sessions().create(SessionRecord{hash_of(1), 12345, 0, 1});
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::constraint);
}
