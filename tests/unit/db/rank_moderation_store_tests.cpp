#include <catch2/catch.hpp>

#include "core/rank.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

TEST_CASE_METHOD(StoreTest, "rank changes are recorded, set the rank, and list newest first", "[db][ranks]") {
  RankStore& ranks = db.stores().ranks();
  const UserId user = create_user(db.stores(), "climber", 10).id;
  REQUIRE(
      ranks.record_change(RankEvent{0, user, rank_at(10), rank_at(11), "promotion", std::nullopt, 100, std::nullopt}));
  auto second =
      ranks.record_change(RankEvent{0, user, rank_at(11), rank_at(13), "admin", std::nullopt, 200, std::nullopt});
  REQUIRE(second);
  CHECK((**db.stores().users().find_by_id(user)).rank == rank_at(13));
  auto events = ranks.events_of_user(user, 10);
  REQUIRE(events);
  REQUIRE(events->size() == 2);
  CHECK((*events)[0].id == *second);
  CHECK((*events)[0].from_rank == rank_at(11));
  CHECK((*events)[0].to_rank == rank_at(13));
  CHECK((*events)[1].reason == "promotion");
  CHECK(ranks.events_of_user(user, 1)->size() == 1);
  auto ghost = ranks.record_change(RankEvent{0, 4242, rank_at(1), rank_at(2), "x", std::nullopt, 1, std::nullopt});
  REQUIRE_FALSE(ghost);
  CHECK(ranks.events_of_user(4242, 10)->empty());
}

TEST_CASE_METHOD(StoreTest, "a stored rank outside 18k..9d fails the read as corrupt", "[db][ranks]") {
  const UserId a = create_user(stores, "ranked_a").id;
  const UserId b = create_user(stores, "ranked_b").id;
  const GameId game = *stores.games().create(sample_game(a, b));
  REQUIRE(stores.games().load(game));
  REQUIRE(db.connection().execute("UPDATE games SET black_rank = 40 WHERE id = ?", game));
  auto damaged = stores.games().load(game);
  REQUIRE_FALSE(damaged);
  CHECK(damaged.error().kind == DbErrorKind::corrupt);
  CHECK(damaged.error().message.find("40") != std::string::npos);
}

TEST_CASE_METHOD(StoreTest, "rated conversions and short-game flags are kept per game", "[db][ranks]") {
  const UserId a = create_user(db.stores(), "a").id;
  const UserId b = create_user(db.stores(), "b").id;
  const GameId early = *db.stores().games().create(sample_game(a, b));
  NewGame late_game = sample_game(b, a);
  late_game.started_ms = 50'000;
  const GameId late = *db.stores().games().create(late_game);
  RankStore& ranks = db.stores().ranks();

  REQUIRE(ranks.add_conversion(RatedConversion{0, early, a, "same opponent beyond the third", 10}));
  CHECK(ranks.add_conversion(RatedConversion{0, early, a, "again", 11}).error().kind == DbErrorKind::constraint);
  auto conversions = ranks.conversions_of_user(a);
  REQUIRE(conversions);
  REQUIRE(conversions->size() == 1);
  CHECK((*conversions)[0].game_id == early);
  CHECK(ranks.conversions_of_user(b)->empty());

  REQUIRE(ranks.flag_short_game(ShortGameFlag{early, 40, 10}));
  REQUIRE(ranks.flag_short_game(ShortGameFlag{late, 12, 60'000}));
  REQUIRE(ranks.flag_short_game(ShortGameFlag{late, 12, 60'000}));  // idempotent
  CHECK(ranks.short_games_of_user(a, 0)->size() == 2);
  auto recent = ranks.short_games_of_user(b, 10'000);
  REQUIRE(recent);
  REQUIRE(recent->size() == 1);
  CHECK((*recent)[0].game_id == late);
  CHECK((*recent)[0].move_count == 12);
}

TEST_CASE_METHOD(StoreTest, "the audit log is written and paged newest first", "[db][moderation]") {
  ModerationStore& moderation = db.stores().moderation();
  const UserId admin = create_user(db.stores(), "admin").id;
  const UserId target = create_user(db.stores(), "target").id;
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i) {
    auto id = moderation.add_audit(AuditEntry{0, admin, "", "ban", target, std::nullopt,
                                              "spam '" + std::to_string(i) + "'", "minutes=60", 1'000 + i});
    REQUIRE(id);
    ids.push_back(*id);
  }
  auto page = moderation.audit_page(std::nullopt, 2);
  REQUIRE(page);
  REQUIRE(page->size() == 2);
  CHECK((*page)[0].id == ids[4]);
  CHECK((*page)[0].reason == "spam '4'");
  CHECK((*page)[0].target_user_id == target);
  CHECK((*page)[0].detail == "minutes=60");
  auto rest = moderation.audit_page((*page)[1].id, 50);
  REQUIRE(rest);
  CHECK(rest->size() == 3);
  CHECK(rest->back().id == ids[0]);
  CHECK(moderation.audit_page(std::nullopt, -1).error().kind == DbErrorKind::invalid_argument);
}

TEST_CASE_METHOD(StoreTest, "an operator at the machine is named instead of an account", "[db][moderation]") {
  ModerationStore& moderation = db.stores().moderation();
  const UserId target = create_user(db.stores(), "target").id;
  auto id = moderation.add_audit(
      AuditEntry{0, std::nullopt, "root (local operator)", "db set-role", target, std::nullopt, "", "user -> bot", 5});
  REQUIRE(id);
  auto page = moderation.audit_page(std::nullopt, 1);
  REQUIRE(page);
  REQUIRE(page->size() == 1);
  CHECK_FALSE((*page)[0].actor_id.has_value());
  CHECK((*page)[0].actor_name == "root (local operator)");
  // Neither an account nor a name: refused.
  auto nobody = moderation.add_audit(AuditEntry{0, std::nullopt, "", "db set-role", target, std::nullopt, "", "", 6});
  CHECK_FALSE(nobody.has_value());
}

TEST_CASE_METHOD(StoreTest, "reports are queued oldest first and closed once", "[db][moderation]") {
  ModerationStore& moderation = db.stores().moderation();
  const UserId reporter = create_user(db.stores(), "reporter").id;
  const UserId reported = create_user(db.stores(), "reported").id;
  const GameId game = *db.stores().games().create(sample_game(reporter, reported));
  auto first =
      moderation.add_report(Report{0, reporter, reported, game, "escaping", 10, true, std::nullopt, std::nullopt});
  auto second = moderation.add_report(
      Report{0, reporter, reported, std::nullopt, "rude chat", 20, true, std::nullopt, std::nullopt});
  REQUIRE(first);
  REQUIRE(second);
  auto open = moderation.open_reports(10);
  REQUIRE(open);
  REQUIRE(open->size() == 2);
  CHECK((*open)[0].id == *first);
  CHECK((*open)[0].game_id == game);
  CHECK((*open)[1].reason == "rude chat");
  CHECK((*open)[1].open);
  auto closed = moderation.close_report(*first, reporter, ReportOutcome::dismissed, "no sign of escaping", 30);
  REQUIRE(closed);
  CHECK_FALSE(closed->open);
  CHECK(closed->outcome == ReportOutcome::dismissed);
  CHECK(closed->note == "no sign of escaping");
  CHECK(closed->handled_by == reporter);
  CHECK(closed->handled_ms == 30);
  CHECK(closed->reported_id == reported);
  CHECK(moderation.close_report(*first, reporter, ReportOutcome::resolved, "", 31).error().kind ==
        DbErrorKind::not_found);
  auto remaining = moderation.open_reports(10);
  REQUIRE(remaining->size() == 1);
  CHECK((*remaining)[0].id == *second);
}
