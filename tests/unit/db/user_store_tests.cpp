#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

TEST_CASE_METHOD(StoreTest, "users are created and found by name key and id", "[db][users]") {
  UserStore& users = db.stores().users();
  NewUser fresh = sample_user("Honinbo", 19);
  fresh.name_key = "honinbo";
  fresh.role = Role::bot;
  auto created = users.create(fresh);
  REQUIRE(created);
  CHECK(created->id > 0);
  auto by_key = users.find_by_name_key("honinbo");
  REQUIRE(by_key);
  REQUIRE(by_key->has_value());
  CHECK((*by_key)->name == "Honinbo");
  CHECK((*by_key)->rank == rank_at(19));
  CHECK((*by_key)->role == Role::bot);
  CHECK((*by_key)->password_hash == fresh.password_hash);
  CHECK_FALSE((*by_key)->last_login_ms.has_value());
  CHECK_FALSE((*by_key)->closed);
  auto by_id = users.find_by_id(created->id);
  REQUIRE(by_id);
  REQUIRE(by_id->has_value());
  CHECK((*by_id)->name_key == "honinbo");
  CHECK_FALSE(users.find_by_name_key("Honinbo")->has_value());
  CHECK_FALSE(users.find_by_id(created->id + 100)->has_value());
}

TEST_CASE_METHOD(StoreTest, "a second user with the same name key is a constraint error", "[db][users]") {
  create_user(db.stores(), "same");
  auto again = db.stores().users().create(sample_user("same"));
  REQUIRE_FALSE(again);
  CHECK(again.error().kind == DbErrorKind::constraint);
}

TEST_CASE_METHOD(StoreTest, "name skeletons are unique, found, and filled in for rows stored without one",
                 "[db][users]") {
  UserStore& users = db.stores().users();
  NewUser alice = sample_user("alice");
  alice.name_skeleton = "alice";
  const UserId alice_id = users.create(alice)->id;
  NewUser copy = sample_user("ALICE2");
  copy.name_skeleton = "alice";
  auto refused = users.create(copy);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::constraint);
  auto found = users.find_by_name_skeleton("alice");
  REQUIRE(found);
  REQUIRE(found->has_value());
  CHECK((*found)->id == alice_id);
  CHECK_FALSE(users.find_by_name_skeleton("bob")->has_value());

  // Rows without a skeleton may repeat (NULL), oldest first.
  const UserId old_one = create_user(db.stores(), "old-one").id;
  const UserId old_two = create_user(db.stores(), "old-two").id;
  auto missing = users.without_name_skeleton();
  REQUIRE(missing);
  REQUIRE(missing->size() == 2);
  CHECK((*missing)[0].id == old_one);
  CHECK((*missing)[1].id == old_two);
  REQUIRE(users.set_name_skeleton(old_one, "old-one"));
  auto clash = users.set_name_skeleton(old_two, "alice");
  REQUIRE_FALSE(clash);
  CHECK(clash.error().kind == DbErrorKind::constraint);
  CHECK(users.without_name_skeleton()->size() == 1);
  CHECK(users.set_name_skeleton(9'999, "nobody").error().kind == DbErrorKind::not_found);
}

TEST_CASE_METHOD(StoreTest, "names with quotes and SQL are stored as given", "[db][users]") {
  const std::string name = "O'Brien\"; DROP TABLE users;--";
  create_user(db.stores(), name);
  auto found = db.stores().users().find_by_name_key(name);
  REQUIRE(found);
  REQUIRE(found->has_value());
  CHECK((*found)->name == name);
}

TEST_CASE_METHOD(StoreTest, "rank, role, ban, mute and last login are updated", "[db][users]") {
  UserStore& users = db.stores().users();
  const UserId id = create_user(db.stores(), "changing").id;
  REQUIRE(users.set_rank(id, rank_at(22)));
  REQUIRE(users.set_role(id, Role::admin));
  REQUIRE(users.set_banned_until(id, forever_ms));
  REQUIRE(users.set_muted_until(id, 9'999));
  REQUIRE(users.set_last_login(id, 4'242));
  auto user = **users.find_by_id(id);
  CHECK(user.rank == rank_at(22));
  CHECK(user.role == Role::admin);
  CHECK(user.banned_until_ms == forever_ms);
  CHECK(user.muted_until_ms == 9'999);
  CHECK(user.last_login_ms == 4'242);
  REQUIRE(users.set_banned_until(id, std::nullopt));
  CHECK_FALSE((**users.find_by_id(id)).banned_until_ms.has_value());

  // A rank outside the table cannot be written through the store; the column refuses it too.
  auto bad_rank = db.connection().execute("UPDATE users SET rank = 40 WHERE id = ?", id);
  REQUIRE_FALSE(bad_rank);
  CHECK(bad_rank.error().kind == DbErrorKind::constraint);
  auto missing = users.set_rank(id + 1, rank_at(10));
  REQUIRE_FALSE(missing);
  CHECK(missing.error().kind == DbErrorKind::not_found);
}

TEST_CASE_METHOD(StoreTest, "inactive accounts are closed and their names retired forever", "[db][users]") {
  UserStore& users = db.stores().users();
  const TimeMs day = 86'400'000;
  const UserId never_logged_in = create_user(db.stores(), "ghost").id;  // created at 1000
  const UserId recent = create_user(db.stores(), "active").id;
  const UserId old_login = create_user(db.stores(), "sleeper").id;
  REQUIRE(users.set_last_login(recent, 900 * day));
  REQUIRE(users.set_last_login(old_login, 10 * day));

  auto closed = users.close_inactive(1000 * day, 365 * day);
  REQUIRE(closed);
  REQUIRE(closed->size() == 2);
  CHECK((*closed)[0].id == never_logged_in);
  CHECK((*closed)[1].id == old_login);
  CHECK((**users.find_by_id(never_logged_in)).closed);
  CHECK_FALSE((**users.find_by_id(recent)).closed);

  auto retired = users.find_retired("sleeper");
  REQUIRE(retired);
  REQUIRE(retired->has_value());
  CHECK((*retired)->name == "sleeper");
  CHECK((*retired)->user_id == old_login);
  CHECK((*retired)->retired_ms == 1000 * day);
  CHECK_FALSE(users.find_retired("active")->has_value());

  auto again = users.close_inactive(1000 * day, 365 * day);
  REQUIRE(again);
  CHECK(again->empty());
}

TEST_CASE_METHOD(StoreTest, "admins and bots are never retired for inactivity", "[db][users]") {
  UserStore& users = db.stores().users();
  const TimeMs day = 86'400'000;
  const UserId player = create_user(db.stores(), "idle_player").id;
  const UserId admin = create_user(db.stores(), "idle_admin").id;
  const UserId bot = create_user(db.stores(), "idle_bot").id;
  REQUIRE(users.set_role(admin, Role::admin));
  REQUIRE(users.set_role(bot, Role::bot));

  auto idle = users.inactive_players(1000 * day, 365 * day);
  REQUIRE(idle);
  REQUIRE(idle->size() == 1);
  CHECK((*idle)[0].id == player);
  // Listing changes nothing.
  CHECK_FALSE((**users.find_by_id(player)).closed);

  auto closed = users.close_inactive(1000 * day, 365 * day);
  REQUIRE(closed);
  REQUIRE(closed->size() == 1);
  CHECK((*closed)[0].id == player);
  CHECK_FALSE((**users.find_by_id(admin)).closed);
  CHECK_FALSE((**users.find_by_id(bot)).closed);
}

TEST_CASE_METHOD(StoreTest, "the account list is searched by name and role and paged by name", "[db][users]") {
  UserStore& users = db.stores().users();
  for (const char* name : {"go_bot", "gobbler", "alice", "gopher", "bob"}) create_user(db.stores(), name);
  REQUIRE(users.set_role((**users.find_by_name_key("go_bot")).id, Role::bot));

  auto all = users.list(UserQuery{"", std::nullopt, 0, 10});
  REQUIRE(all);
  REQUIRE(all->size() == 5);
  CHECK((*all)[0].name == "alice");
  CHECK((*all)[4].name == "gopher");

  auto go = users.list(UserQuery{"go", std::nullopt, 0, 2});
  REQUIRE(go);
  REQUIRE(go->size() == 2);
  CHECK((*go)[0].name == "go_bot");
  CHECK((*go)[1].name == "gobbler");
  auto go_next = users.list(UserQuery{"go", std::nullopt, 2, 2});
  REQUIRE(go_next);
  REQUIRE(go_next->size() == 1);
  CHECK((*go_next)[0].name == "gopher");

  // `_` is a plain character, not a wildcard.
  auto underscore = users.list(UserQuery{"o_", std::nullopt, 0, 10});
  REQUIRE(underscore);
  REQUIRE(underscore->size() == 1);
  CHECK((*underscore)[0].name == "go_bot");

  auto bots = users.list(UserQuery{"", Role::bot, 0, 10});
  REQUIRE(bots);
  REQUIRE(bots->size() == 1);
  CHECK((*bots)[0].role == Role::bot);

  // A closed account is listed for operators and left out of a player's search.
  REQUIRE(users.retire(**users.find_by_name_key("gobbler"), 1'000));
  REQUIRE(users.list(UserQuery{"go", std::nullopt, 0, 10})->size() == 3);
  UserQuery open_only{"go", std::nullopt, 0, 10};
  open_only.include_closed = false;
  auto open = users.list(open_only);
  REQUIRE(open);
  REQUIRE(open->size() == 2);
  CHECK((*open)[0].name == "go_bot");
  CHECK((*open)[1].name == "gopher");
}
