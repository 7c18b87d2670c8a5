// The review list as the rank store keeps it: every player with 3 or more
// flagged games that are neither annulled nor kept by an admin, paged by name
// however many there are, and reviews recorded per player.
#include <catch2/catch.hpp>

#include <set>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

GameId flagged_game(Stores& stores, UserId black, UserId white) {
  const GameId game = *stores.games().create(sample_game(black, white));
  REQUIRE(stores.ranks().flag_short_game(ShortGameFlag{game, 12, 1'000}));
  return game;
}

std::vector<UserId> page(Stores& stores, std::string_view after, int limit) {
  auto players = stores.ranks().players_awaiting_review(3, after, limit);
  REQUIRE(players);
  return *players;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "players with 3 or more flagged games await review, in name order, page by page",
                 "[db][review]") {
  const UserId alpha = create_user(stores, "alpha").id;
  const UserId bravo = create_user(stores, "bravo").id;
  const UserId charlie = create_user(stores, "charlie").id;
  const UserId delta = create_user(stores, "delta").id;
  const GameId ab = flagged_game(stores, alpha, bravo);
  const GameId ac = flagged_game(stores, charlie, alpha);
  const GameId ad = flagged_game(stores, alpha, delta);
  const GameId bc = flagged_game(stores, bravo, charlie);
  flagged_game(stores, delta, bravo);
  *stores.games().create(sample_game(charlie, delta));  // not flagged

  CHECK(page(stores, "", 10) == std::vector<UserId>{alpha, bravo});
  CHECK(page(stores, "", 1) == std::vector<UserId>{alpha});
  CHECK(page(stores, "alpha", 1) == std::vector<UserId>{bravo});
  CHECK(page(stores, "bravo", 10).empty());
  CHECK(page(stores, "b", 10) == std::vector<UserId>{bravo});  // the cursor need not be a listed name
  CHECK(*stores.ranks().short_games_awaiting_review(alpha) == std::vector<GameId>{ab, ac, ad});
  CHECK(*stores.ranks().short_games_awaiting_review(charlie) == std::vector<GameId>{ac, bc});

  // Kept for alpha only: the same game still awaits review for charlie.
  REQUIRE(stores.ranks().add_short_game_review(ShortGameReview{ac, alpha, delta, 2'000}));
  CHECK(stores.ranks().add_short_game_review(ShortGameReview{ac, alpha, delta, 2'001}).error().kind ==
        DbErrorKind::constraint);
  CHECK(*stores.ranks().short_games_awaiting_review(alpha) == std::vector<GameId>{ab, ad});
  CHECK(*stores.ranks().short_games_awaiting_review(charlie) == std::vector<GameId>{ac, bc});
  CHECK(page(stores, "", 10) == std::vector<UserId>{bravo});

  // An annulled game awaits nobody.
  REQUIRE(stores.games().set_annulled(bc));
  CHECK(page(stores, "", 10).empty());
  CHECK(*stores.ranks().short_games_awaiting_review(charlie) == std::vector<GameId>{ac});
  CHECK(stores.ranks().players_awaiting_review(3, "", 0).error().kind == DbErrorKind::invalid_argument);
}

TEST_CASE_METHOD(StoreTest, "the review list holds every player, not only the most recent hundred", "[db][review]") {
  const UserId host = create_user(stores, "host").id;
  std::set<UserId> expected{host};
  for (int i = 0; i < 120; ++i) {
    const UserId guest = create_user(stores, "guest" + std::to_string(1000 + i)).id;
    for (int game = 0; game < 3; ++game) flagged_game(stores, host, guest);
    expected.insert(guest);
  }
  std::set<UserId> seen;
  std::string after;
  for (;;) {
    const auto players = page(stores, after, max_page_size);
    if (players.empty()) break;
    for (UserId player : players) CHECK(seen.insert(player).second);
    after = (*stores.users().find_by_id(players.back()))->name_key;
  }
  CHECK(seen == expected);
  CHECK(stores.ranks().short_games_awaiting_review(host)->size() == 360);
}
