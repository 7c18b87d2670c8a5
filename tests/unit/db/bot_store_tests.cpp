// Machine opponents as the bot store keeps them: an offer replaced by the
// next, open bot accounts only, weakest first, and a bot without an offer
// listed with none.
#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

TEST_CASE_METHOD(StoreTest, "bots are listed weakest first with their last offer", "[db][bots]") {
  const UserRecord strong = create_user(stores, "strong", 20);
  const UserRecord weak = create_user(stores, "weak", 3);
  const UserRecord silent = create_user(stores, "silent", 10);
  const UserRecord player = create_user(stores, "player", 5);
  const UserRecord gone = create_user(stores, "gone", 1);
  for (const UserRecord& bot : {strong, weak, silent, gone}) REQUIRE(stores.users().set_role(bot.id, Role::bot));
  REQUIRE(stores.users().retire(gone, 1000));

  REQUIRE(stores.bots().set_offer(weak.id, R"({"strength":"first"})", 100));
  REQUIRE(stores.bots().set_offer(weak.id, R"({"strength":"second"})", 200));
  REQUIRE(stores.bots().set_offer(strong.id, R"({"strength":"level 10"})", 300));

  auto listed = stores.bots().list(10);
  REQUIRE(listed);
  REQUIRE(listed->size() == 3);
  CHECK((*listed)[0].user.name == "weak");
  CHECK((*listed)[0].offer == R"({"strength":"second"})");
  CHECK((*listed)[1].user.name == "silent");
  CHECK((*listed)[1].offer.empty());
  CHECK((*listed)[2].user.name == "strong");
  CHECK((*listed)[2].offer == R"({"strength":"level 10"})");

  auto first_two = stores.bots().list(2);
  REQUIRE(first_two);
  REQUIRE(first_two->size() == 2);
  CHECK((*first_two)[0].user.name == "weak");
  CHECK((*first_two)[1].user.name == "silent");

  // A bot made a player again leaves the list, its offer with it.
  REQUIRE(stores.users().set_role(weak.id, Role::user));
  listed = stores.bots().list(10);
  REQUIRE(listed);
  REQUIRE(listed->size() == 2);
  CHECK((*listed)[0].user.name == "silent");
}
