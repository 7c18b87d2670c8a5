// The admins' review list as the server builds it from the stores: a player
// promoted on short games stays on the list after the promotion, pages
// follow one another by name, and keeping games takes them off.
#include <catch2/catch.hpp>

#include "server/ranking_service/short_game_review.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;
using ranking_service_tests::add_user;
using ranking_service_tests::play;
using ranking_service_tests::TempDatabase;

namespace {

constexpr Rank rank_5k = Rank::kyu(5);
constexpr int short_game = 30;  // moves: clearly short, whatever the exact boundary
constexpr TimeMs now = 1'767'268'800'000;

struct Promoted {
  UserId hero = 0;
  std::vector<UserId> rivals;
};

// 10 short wins against five rivals, then 2 short losses: +1 to 4k is certain at the 12th game.
Promoted promoted_on_short_games(db::Stores& stores) {
  Promoted out;
  out.hero = add_user(stores, "hero", rank_5k);
  for (int i = 0; i < 5; ++i) out.rivals.push_back(add_user(stores, "rival" + std::to_string(i), rank_5k));
  TimeMs at = now;
  for (int i = 0; i < 10; ++i) {
    REQUIRE(play(stores, out.hero, out.rivals[i % 5], rank_5k, rank_5k, "B+R", at += 60'000, short_game));
  }
  REQUIRE(play(stores, out.rivals[0], out.hero, rank_5k, rank_5k, "B+R", at += 60'000, short_game));
  auto promotion = play(stores, out.rivals[1], out.hero, rank_5k, rank_5k, "B+R", at += 60'000, short_game);
  REQUIRE(promotion);
  REQUIRE(promotion->size() == 1);
  return out;
}

std::vector<std::string> names(const ranking_service::ReviewPage& page) {
  std::vector<std::string> out;
  for (const auto& entry : page.players) out.push_back(entry.user.name);
  return out;
}

}  // namespace

TEST_CASE("a player promoted on short games stays on the review list", "[review]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const Promoted promoted = promoted_on_short_games(stores);
  REQUIRE((*stores.users().find_by_id(promoted.hero))->rank == rank_5k + 1);

  auto page = ranking_service::review_page(stores, "", 20);
  REQUIRE(page);
  // Rivals 0 and 1 lost twice and won once: 3 short games each; the others have 2.
  CHECK(names(*page) == std::vector<std::string>{"hero", "rival0", "rival1"});
  CHECK(page->players[0].short_games.size() == 12);
  CHECK(to_string(page->players[0].user.rank) == "4k");
  CHECK_FALSE(page->next.has_value());

  auto first = ranking_service::review_page(stores, "", 2);
  REQUIRE(first);
  CHECK(names(*first) == std::vector<std::string>{"hero", "rival0"});
  CHECK(first->next == "rival0");
  auto second = ranking_service::review_page(stores, "rival0", 2);
  REQUIRE(second);
  CHECK(names(*second) == std::vector<std::string>{"rival1"});
  CHECK_FALSE(second->next.has_value());
}

TEST_CASE("kept games leave the review list, for that player only", "[review]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const Promoted promoted = promoted_on_short_games(stores);
  const UserId admin = add_user(stores, "admin", rank_5k);
  const auto hero_games = *stores.ranks().short_games_awaiting_review(promoted.hero);
  const auto rival0_games = *stores.ranks().short_games_awaiting_review(promoted.rivals[0]);
  REQUIRE(rival0_games.size() == 3);

  // Keeping one of rival0's games leaves two: off the list; the hero still has all twelve.
  auto kept = ranking_service::keep_short_games(stores, "rival0", std::vector<GameId>{rival0_games[1]}, admin, now);
  REQUIRE(kept);
  CHECK(kept->games == std::vector<GameId>{rival0_games[1]});
  CHECK(kept->user.name == "rival0");
  CHECK(names(*ranking_service::review_page(stores, "", 20)) == std::vector<std::string>{"hero", "rival1"});
  CHECK(stores.ranks().short_games_awaiting_review(promoted.hero)->size() == 12);

  auto again = ranking_service::keep_short_games(stores, "rival0", std::vector<GameId>{rival0_games[1]}, admin, now);
  REQUIRE_FALSE(again);
  CHECK(again.error().kind == db::DbErrorKind::conflict);
  auto unknown = ranking_service::keep_short_games(stores, "rival0", std::vector<GameId>{999'999}, admin, now);
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().kind == db::DbErrorKind::not_found);
  CHECK(ranking_service::keep_short_games(stores, "nobody", std::nullopt, admin, now).error().kind ==
        db::DbErrorKind::not_found);

  // Without a list: every game awaiting review.
  auto all = ranking_service::keep_short_games(stores, "hero", std::nullopt, admin, now);
  REQUIRE(all);
  CHECK(all->games == hero_games);
  CHECK(names(*ranking_service::review_page(stores, "", 20)) == std::vector<std::string>{"rival1"});
  CHECK(ranking_service::keep_short_games(stores, "hero", std::nullopt, admin, now).error().kind ==
        db::DbErrorKind::conflict);
}
