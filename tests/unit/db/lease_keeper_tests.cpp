// Two nodes' lease keepers on one database, with a clock the test moves: a
// node keeps its games while it renews, and another takes them over once it
// stops, or at once when told the first is gone.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "db/lease_keeper.hpp"
#include "tests/support/wait.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;
using namespace std::chrono_literals;

namespace {

// What a keeper's listener saw, for the test thread to wait on.
struct Seen {
  std::mutex mutex;
  std::vector<LeaseRound> rounds;
  std::vector<std::size_t> moves_of_claimed;  // read through the listener's stores

  void add(Stores& stores, const LeaseRound& round) {
    std::lock_guard lock(mutex);
    for (const GameLease& lease : round.claimed) {
      auto game = stores.games().load(lease.game);
      moves_of_claimed.push_back(game && *game ? (*game)->moves.size() : 0);
    }
    rounds.push_back(round);
  }
  std::vector<GameLease> claimed() {
    std::lock_guard lock(mutex);
    std::vector<GameLease> all;
    for (const LeaseRound& round : rounds) all.insert(all.end(), round.claimed.begin(), round.claimed.end());
    return all;
  }
  std::size_t round_count() {
    std::lock_guard lock(mutex);
    return rounds.size();
  }
};

bool eventually(const std::function<bool()>& condition) { return test_support::wait_until(condition, 10s); }

LeaseOptions quick(const std::string& node) {
  LeaseOptions options;
  options.node = node;
  options.lease = 1'000ms;
  options.renew_every = 10ms;
  return options;
}

}  // namespace

TEST_CASE("a node claims the games nobody holds, keeps them while it renews, and another takes them after it stops",
          "[db][owners]") {
  TempDatabase db;
  const UserId black = create_user(db.stores(), "lease-b").id;
  const UserId white = create_user(db.stores(), "lease-w").id;
  const GameId game = *db.stores().games().create(sample_game(black, white));
  REQUIRE(db.stores().games().append_move(game, sample_move(1, 3, 3), ""));
  std::atomic<TimeMs> now{100'000};
  const auto clock = [&] { return now.load(); };

  Seen first_seen;
  auto first = std::make_unique<LeaseKeeper>(open_migrated(db.target()), quick("n1"), clock,
                                             [&](Stores& s, const LeaseRound& r) { first_seen.add(s, r); });
  REQUIRE(eventually([&] { return first_seen.claimed().size() == 1; }));
  CHECK(first_seen.claimed()[0].fence == GameFence{"n1", 1});
  CHECK(first_seen.moves_of_claimed == std::vector<std::size_t>{1});

  Seen second_seen;
  LeaseKeeper second(open_migrated(db.target()), quick("n2"), clock,
                     [&](Stores& s, const LeaseRound& r) { second_seen.add(s, r); });
  // Time passes by several leases, but n1 renews: n2 takes nothing.
  for (int i = 0; i < 5; ++i) {
    now += 500;
    const std::size_t rounds = second_seen.round_count();
    REQUIRE(eventually([&] { return second_seen.round_count() > rounds + 1; }));
  }
  CHECK(second_seen.claimed().empty());
  {
    std::lock_guard lock(first_seen.mutex);
    const LeaseRound& last = first_seen.rounds.back();
    CHECK(last.renewed);
    CHECK_FALSE(last.failure);
    REQUIRE(last.held.size() == 1);
    CHECK(last.held[0].lease_until_ms >= now.load());
  }

  // n1 stops; once its lease ran out n2 has the game at the next epoch.
  first->stop();
  now += 1'001;
  REQUIRE(eventually([&] { return second_seen.claimed().size() == 1; }));
  CHECK(second_seen.claimed()[0].fence == GameFence{"n2", 2});
  CHECK(second.stats().claims == 1);
  REQUIRE(eventually([&] { return second.stats().held == 1; }));
}

TEST_CASE("one round claims every orphan, batch after batch, each batch told at once", "[db][owners]") {
  TempDatabase db;
  const UserId black = create_user(db.stores(), "batch-b").id;
  const UserId white = create_user(db.stores(), "batch-w").id;
  std::vector<GameId> games;
  for (int i = 0; i < 5; ++i) games.push_back(*db.stores().games().create(sample_game(black, white)));

  Seen seen;
  LeaseOptions options = quick("n1");
  options.claims_per_round = 2;
  options.renew_every = 60'000ms;  // one round in this test
  LeaseKeeper keeper(
      open_migrated(db.target()), options, [] { return TimeMs{100'000}; },
      [&](Stores& s, const LeaseRound& r) { seen.add(s, r); });
  REQUIRE(eventually([&] { return seen.claimed().size() == 5; }));
  std::lock_guard lock(seen.mutex);
  REQUIRE(seen.rounds.size() == 4);  // the renewal, then batches of 2, 2 and 1
  CHECK(seen.rounds[0].renewed);
  for (std::size_t i = 1; i < seen.rounds.size(); ++i) {
    CHECK_FALSE(seen.rounds[i].renewed);
    CHECK(seen.rounds[i].renewal_sent == seen.rounds[0].renewal_sent);
  }
  CHECK(seen.rounds[3].claimed.size() == 1);
}

TEST_CASE(
    "a node told that another is gone claims its games at once, long before their leases run out; the gone "
    "node's fence no longer holds",
    "[db][owners]") {
  TempDatabase db;
  const UserId black = create_user(db.stores(), "gone-b").id;
  const UserId white = create_user(db.stores(), "gone-w").id;
  const GameId game = *db.stores().games().create(sample_game(black, white));
  // n1 holds the game for an hour of the test's clock, which never moves.
  const auto clock = [] { return TimeMs{100'000}; };
  REQUIRE(db.stores().owners().claim(game, "n1", 100'000, 3'700'000));

  Seen seen;
  LeaseOptions options = quick("n2");
  options.renew_every = 60'000ms;  // no round but the first and the one the word of n1 starts
  LeaseKeeper keeper(open_migrated(db.target()), options, clock,
                     [&](Stores& s, const LeaseRound& r) { seen.add(s, r); });
  REQUIRE(eventually([&] { return seen.round_count() >= 1; }));
  CHECK(seen.claimed().empty());

  keeper.take_over_from("n1");
  REQUIRE(eventually([&] { return seen.claimed().size() == 1; }));
  CHECK(seen.claimed()[0].fence == GameFence{"n2", 2});
  CHECK_FALSE(db.stores().owners().hold(game, GameFence{"n1", 1}));
  CHECK(db.stores().owners().hold(game, GameFence{"n2", 2}));
}
