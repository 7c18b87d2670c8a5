// The monthly publication under the association policy, on a real SQLite
// file: dan players whose average over their games at the rank reaches the
// bar are promoted, games after the month's start wait for the next one, and
// publishing the same month twice changes nothing.
#include <catch2/catch.hpp>

#include "server/ranking_service/rank_publication.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;
using ranking_service_tests::add_user;
using ranking_service_tests::hour;
using ranking_service_tests::month_start;
using ranking_service_tests::rank_1d;
using ranking_service_tests::record_game;
using ranking_service_tests::TempDatabase;

namespace {

Rank rank_of(db::Stores& stores, UserId user) { return (*stores.users().find_by_id(user))->rank; }

}  // namespace

TEST_CASE("the association's monthly publication promotes dan players whose average reached the bar") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const ranking::AssociationPolicy association;
  const UserId strong = add_user(stores, "strong", rank_1d);
  const UserId late = add_user(stores, "late", rank_1d);
  const UserId partner = add_user(stores, "partner", rank_1d);

  // Twelve wins against an equal rank score 90 each: above the 75 needed over 12 games.
  for (int i = 0; i < 12; ++i)
    record_game(stores, strong, partner, rank_1d, rank_1d, "B+R", month_start - (20 - i) * hour);
  // Eleven before the month's start and the twelfth after it: not yet.
  for (int i = 0; i < 11; ++i)
    record_game(stores, late, partner, rank_1d, rank_1d, "B+R", month_start - (40 - i) * hour);
  record_game(stores, late, partner, rank_1d, rank_1d, "B+R", month_start + hour);

  auto published = ranking_service::publish_month(stores, association, month_start, month_start + 2 * hour);
  REQUIRE(published);
  REQUIRE(published->size() == 1);
  CHECK(published->front().user == strong);
  CHECK(published->front().change.name == "strong");
  CHECK(to_string(published->front().change.from) == "1d");
  CHECK(to_string(published->front().change.to) == "2d");
  CHECK(rank_of(stores, strong) == rank_1d + 1);
  CHECK(rank_of(stores, late) == rank_1d);
  CHECK(rank_of(stores, partner) == rank_1d);  // 23 losses: the association never demotes

  auto again = ranking_service::publish_month(stores, association, month_start, month_start + 3 * hour);
  REQUIRE(again);
  CHECK(again->empty());
  CHECK(rank_of(stores, strong) == rank_1d + 1);

  // The next month counts the twelfth game.
  const TimeMs next_month = 1'769'904'000'000;  // 2026-02-01
  auto february = ranking_service::publish_month(stores, association, next_month, next_month + hour);
  REQUIRE(february);
  REQUIRE(february->size() == 1);
  CHECK(february->front().user == late);
}

TEST_CASE("the TOM policy publishes nothing") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId strong = add_user(stores, "strong", rank_1d);
  const UserId partner = add_user(stores, "partner", rank_1d);
  for (int i = 0; i < 12; ++i)
    record_game(stores, strong, partner, rank_1d, rank_1d, "B+R", month_start - (20 - i) * hour);
  auto published = ranking_service::publish_month(stores, ranking_service_tests::tom, month_start, month_start + hour);
  REQUIRE(published);
  CHECK(published->empty());
}
