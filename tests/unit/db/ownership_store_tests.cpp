// The game ownership of a cluster (db/ownership_store.hpp) on both engines,
// and on PostgreSQL the fence holding off a takeover until a write commits.
#include <catch2/catch.hpp>
#include <chrono>
#include <future>

#include "db/database.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

GameId new_game(Stores& stores) {
  static int games = 0;
  const std::string n = std::to_string(++games);
  const UserId black = create_user(stores, "owner-b" + n).id;
  const UserId white = create_user(stores, "owner-w" + n).id;
  return *stores.games().create(sample_game(black, white));
}

GameFence claimed(Stores& stores, GameId game, const std::string& node, TimeMs now, TimeMs until) {
  auto lease = stores.owners().claim(game, node, now, until);
  REQUIRE(lease);
  REQUIRE(lease->has_value());
  CHECK((*lease)->game == game);
  CHECK((*lease)->fence.node == node);
  CHECK((*lease)->lease_until_ms == until);
  return (*lease)->fence;
}

}  // namespace

TEST_CASE_METHOD(StoreTest,
                 "a game's owner keeps it while its lease lasts; another node takes it after, fencing "
                 "the first out",
                 "[db][owners]") {
  OwnershipStore& owners = stores.owners();
  const GameId game = new_game(stores);
  CHECK_FALSE(owners.owner_of(game)->has_value());

  const GameFence first = claimed(stores, game, "n1", 1'000, 11'000);
  CHECK(first.epoch == 1);
  CHECK(owners.hold(game, first));
  // A live lease turns another node away, even at its last millisecond.
  auto refused = owners.claim(game, "n2", 11'000, 21'000);
  REQUIRE(refused);
  CHECK_FALSE(refused->has_value());
  CHECK((*owners.owner_of(game))->fence == first);

  const GameFence second = claimed(stores, game, "n2", 11'001, 21'001);
  CHECK(second.epoch == 2);
  auto fenced = owners.hold(game, first);
  REQUIRE_FALSE(fenced);
  CHECK(fenced.error().kind == DbErrorKind::not_owner);
  CHECK(owners.hold(game, second));
  // The first node's epoch is gone for good, even on the same node name.
  CHECK_FALSE(owners.hold(game, GameFence{"n2", 1}));
}

TEST_CASE_METHOD(StoreTest, "a node that restarts claims its own games back at once, with a new epoch",
                 "[db][owners]") {
  const GameId game = new_game(stores);
  const GameFence before = claimed(stores, game, "n1", 1'000, 11'000);
  const GameFence after = claimed(stores, game, "n1", 2'000, 12'000);
  CHECK(after.epoch == before.epoch + 1);
  CHECK_FALSE(stores.owners().hold(game, before));
  CHECK(stores.owners().hold(game, after));
}

TEST_CASE_METHOD(StoreTest, "renewing extends the leases a node still holds, run out or not, and only those",
                 "[db][owners]") {
  OwnershipStore& owners = stores.owners();
  const GameId kept = new_game(stores);
  const GameId late = new_game(stores);
  const GameId lost = new_game(stores);
  const GameId elsewhere = new_game(stores);
  claimed(stores, kept, "n1", 1'000, 11'000);
  claimed(stores, late, "n1", 1'000, 5'000);
  claimed(stores, lost, "n1", 1'000, 5'000);
  claimed(stores, elsewhere, "n2", 1'000, 11'000);
  // n1 paused past two of its leases; n2 took one of them meanwhile.
  claimed(stores, lost, "n2", 6'000, 16'000);

  auto renewed = owners.renew("n1", 20'000);
  REQUIRE(renewed);
  REQUIRE(renewed->size() == 2);
  CHECK((*renewed)[0].game == kept);
  CHECK((*renewed)[1].game == late);
  for (const GameLease& lease : *renewed) CHECK(lease.lease_until_ms == 20'000);
  CHECK((*owners.owner_of(lost))->fence.node == "n2");
  auto recorded = owners.held_by("n1");
  REQUIRE(recorded);
  REQUIRE(recorded->size() == 2);
  CHECK((*recorded)[0].game == kept);
  CHECK((*recorded)[1].game == late);
  CHECK((*owners.owner_of(elsewhere))->lease_until_ms == 11'000);
  CHECK(owners.renew("nobody", 20'000)->empty());
}

TEST_CASE_METHOD(StoreTest, "orphaned games are those in play with no owner or a lease run out", "[db][owners]") {
  OwnershipStore& owners = stores.owners();
  const GameId unowned = new_game(stores);
  const GameId leased = new_game(stores);
  const GameId expired = new_game(stores);
  const GameId ended = new_game(stores);
  claimed(stores, leased, "n1", 1'000, 11'000);
  claimed(stores, expired, "n1", 1'000, 4'000);
  REQUIRE(stores.games().end_game(ended, GameEnd{result_of("B+R"), 2'000, ""}, {}));

  auto orphans = owners.orphaned(5'000, 10);
  REQUIRE(orphans);
  CHECK(*orphans == std::vector<GameId>{unowned, expired});
  CHECK(*owners.orphaned(5'000, 1) == std::vector<GameId>{unowned});
  CHECK(*owners.orphaned(20'000, 10) == std::vector<GameId>{unowned, leased, expired});
}

TEST_CASE_METHOD(StoreTest, "a game is released only by the fence that holds it", "[db][owners]") {
  OwnershipStore& owners = stores.owners();
  const GameId game = new_game(stores);
  const GameFence held = claimed(stores, game, "n1", 1'000, 11'000);
  REQUIRE(owners.release(game, GameFence{"n2", held.epoch}));
  REQUIRE(owners.release(game, GameFence{"n1", held.epoch + 1}));
  CHECK(owners.owner_of(game)->has_value());
  REQUIRE(owners.release(game, held));
  CHECK_FALSE(owners.owner_of(game)->has_value());
  CHECK(*owners.orphaned(2'000, 10) == std::vector<GameId>{game});
}

TEST_CASE_METHOD(StoreTest, "a fenced move is stored only by the node that holds the game, in order", "[db][owners]") {
  const GameId game = new_game(stores);
  const GameFence first = claimed(stores, game, "n1", 1'000, 2'000);
  GameStore& games = stores.games();
  REQUIRE(games.append_move(game, sample_move(1, 3, 3), "", &first));
  // Out of order with a good fence: a conflict, not a lost hold.
  auto skipped = games.append_move(game, sample_move(3, 4, 4), "", &first);
  REQUIRE_FALSE(skipped);
  CHECK(skipped.error().kind == DbErrorKind::conflict);

  const GameFence second = claimed(stores, game, "n2", 3'000, 13'000);
  // The first node's next move, in order, is fenced out, and so is a wrong node with the current epoch.
  for (const GameFence& stale : {first, GameFence{"n1", second.epoch}}) {
    auto refused = games.append_move(game, sample_move(2, 4, 4), "", &stale);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().kind == DbErrorKind::not_owner);
  }
  auto kept = games.load(game);
  REQUIRE(kept);
  REQUIRE(kept->has_value());
  CHECK((**kept).moves.size() == 1);
  REQUIRE(games.append_move(game, sample_move(2, 4, 4), "", &second));
  // Without a fence (a single server) the move count alone guards the record.
  REQUIRE(games.append_move(game, sample_move(3, 5, 5), ""));
  CHECK((**games.load(game)).moves.size() == 3);
}

namespace {

// Two nodes' writers on one PostgreSQL database, the old owner holding a game whose lease is about to run out.
struct TwoWritersOnPostgres {
  TempDir dir{"yunzi-own"};
  DatabaseTarget target = fresh_test_database(dir);
  Connection old_owner = open_migrated(target);
  Connection new_owner = open_migrated(target);
  SqlStores old_stores{old_owner};
  SqlStores new_stores{new_owner};
  GameId game = new_game(old_stores);
  GameFence held = claimed(old_stores, game, "n1", 1'000, 2'000);

  TwoWritersOnPostgres() { REQUIRE(target.engine == Engine::postgresql); }
  // The new owner's claim after the lease, run beside the test.
  std::future<DbResult<std::optional<GameLease>>> takeover() {
    return std::async(std::launch::async, [this] { return new_stores.owners().claim(game, "n2", 3'000, 13'000); });
  }
};

}  // namespace

TEST_CASE_METHOD(TwoWritersOnPostgres, "on PostgreSQL a takeover waits for the fenced write in flight and then sees it",
                 "[db][.postgresql]") {
  // The old owner's lease ran out while its write was on the way.
  auto tx = Transaction::begin(old_owner);
  REQUIRE(tx);
  REQUIRE(old_stores.owners().hold(game, held));
  auto taken_over = takeover();
  CHECK(taken_over.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  REQUIRE(old_stores.games().append_move(game, sample_move(1, 3, 3), ""));
  REQUIRE(tx->commit());

  auto taken = taken_over.get();
  REQUIRE(taken);
  REQUIRE(taken->has_value());
  CHECK((*taken)->fence == GameFence{"n2", held.epoch + 1});
  CHECK((**new_stores.games().load(game)).moves.size() == 1);
  CHECK(old_stores.owners().hold(game, held).error().kind == DbErrorKind::not_owner);
}

TEST_CASE_METHOD(TwoWritersOnPostgres, "on PostgreSQL a move's own fence holds a takeover off until the move commits",
                 "[db][.postgresql]") {
  // The fence is read in the move's own statement: its row lock lasts until the transaction ends.
  auto tx = Transaction::begin(old_owner);
  REQUIRE(tx);
  REQUIRE(old_stores.games().append_move(game, sample_move(1, 3, 3), "", &held));
  auto taken_over = takeover();
  CHECK(taken_over.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  REQUIRE(tx->commit());

  auto taken = taken_over.get();
  REQUIRE(taken);
  REQUIRE(taken->has_value());
  CHECK((**new_stores.games().load(game)).moves.size() == 1);
  auto late = old_stores.games().append_move(game, sample_move(2, 4, 4), "", &held);
  REQUIRE_FALSE(late);
  CHECK(late.error().kind == DbErrorKind::not_owner);
}
