// Private messages as the message store keeps them: a conversation in both
// directions, paged newest first; the conversation list with unread counts;
// marking read; and who has answered whom, which the new-conversation cap
// of the server reads.
#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

std::int64_t send(Stores& stores, UserId from, UserId to, const std::string& text, TimeMs at) {
  auto id = stores.messages().add(NewMessage{from, to, text, at});
  REQUIRE(id);
  return *id;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a conversation is paged newest first in both directions", "[db][messages]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  const UserId cat = create_user(stores, "cat").id;
  const auto first = send(stores, ann, ben, "hello\nben", 1'000);
  const auto second = send(stores, ben, ann, "hi ann", 2'000);
  send(stores, ann, cat, "not in it", 2'500);
  const auto third = send(stores, ann, ben, "game?", 3'000);

  auto page = stores.messages().between(ben, ann, std::nullopt, 2);
  REQUIRE(page);
  REQUIRE(page->size() == 2);
  CHECK((*page)[0].id == third);
  CHECK((*page)[0].from_name == "ann");
  CHECK((*page)[0].to_name == "ben");
  CHECK((*page)[1].id == second);
  auto rest = stores.messages().between(ann, ben, second, 2);
  REQUIRE(rest);
  REQUIRE(rest->size() == 1);
  CHECK((*rest)[0].id == first);
  CHECK((*rest)[0].text == "hello\nben");
  CHECK((*rest)[0].sent_ms == 1'000);
  CHECK_FALSE((*rest)[0].read_ms);
  CHECK_FALSE(stores.messages().between(ann, ben, std::nullopt, 0));
}

TEST_CASE_METHOD(StoreTest, "conversations list partners by latest message with unread counts, read marks them",
                 "[db][messages]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  const UserId cat = create_user(stores, "cat").id;
  send(stores, ben, ann, "one", 1'000);
  send(stores, ben, ann, "two", 2'000);
  send(stores, ann, cat, "to cat", 3'000);

  auto list = stores.messages().conversations(ann, 10);
  REQUIRE(list);
  REQUIRE(list->size() == 2);
  CHECK((*list)[0].partner_name == "cat");
  CHECK((*list)[0].unread == 0);
  CHECK((*list)[0].last.text == "to cat");
  CHECK((*list)[1].partner_name == "ben");
  CHECK((*list)[1].unread == 2);
  CHECK((*list)[1].last.text == "two");
  CHECK(*stores.messages().unread_total(ann) == 2);
  CHECK(*stores.messages().unread_total(cat) == 1);

  CHECK(*stores.messages().mark_read(ann, ben, 5'000) == 2);
  CHECK(*stores.messages().mark_read(ann, ben, 6'000) == 0);
  CHECK(*stores.messages().unread_total(ann) == 0);
  auto page = stores.messages().between(ann, ben, std::nullopt, 10);
  REQUIRE(page);
  CHECK((*page)[0].read_ms == 5'000);
  // Marking ann's own messages to cat read is cat's business, not ann's.
  CHECK(*stores.messages().mark_read(ann, cat, 5'000) == 0);
  CHECK(*stores.messages().unread_total(cat) == 1);
}

TEST_CASE_METHOD(StoreTest, "partners who never answered are counted within a time", "[db][messages]") {
  const UserId spam = create_user(stores, "spam").id;
  const UserId a = create_user(stores, "a1").id;
  const UserId b = create_user(stores, "b1").id;
  const UserId c = create_user(stores, "c1").id;
  send(stores, spam, a, "buy", 1'000);
  send(stores, spam, a, "buy now", 1'100);
  send(stores, spam, b, "buy", 2'000);
  send(stores, spam, c, "buy", 3'000);
  CHECK(*stores.messages().unanswered_partners(spam, 0) == 3);
  CHECK(*stores.messages().unanswered_partners(spam, 2'000) == 2);
  send(stores, b, spam, "stop", 4'000);
  CHECK(*stores.messages().unanswered_partners(spam, 0) == 2);
  CHECK(*stores.messages().has_written(b, spam, 0));
  CHECK_FALSE(*stores.messages().has_written(a, spam, 0));
  CHECK(*stores.messages().has_written(spam, a, 1'100));
  CHECK_FALSE(*stores.messages().has_written(spam, a, 1'101));
  // A message to oneself breaks the table's rule.
  CHECK_FALSE(stores.messages().add(NewMessage{spam, spam, "me", 5'000}));
}
