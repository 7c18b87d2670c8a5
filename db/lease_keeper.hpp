// A cluster node's lease rounds (db/ownership_store.hpp) on a thread and a connection of their own, so that a slow
// writer batch never lets a lease run out (db/README.md, "Game ownership in a cluster"). The listener hears each
// renewal and each batch of claimed games on that thread, with the stores of its connection to read them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "db/connection.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

struct LeaseOptions {
  std::string node;
  std::chrono::milliseconds lease{15'000};
  std::chrono::milliseconds renew_every{5'000};
  int claims_per_round = 64;  // games claimed per batch; a round claims batches until none are left
};

// What one step of a round found: its renewal (`renewed`), or a batch of
// games it claimed.
struct LeaseRound {
  // When the round's renewal was sent (steady clock): a game claimed before
  // it and missing from `held` is lost; one claimed after may just be new.
  std::chrono::steady_clock::time_point renewal_sent;
  bool renewed = false;            // this is the renewal: `held` and `failure` speak
  std::vector<GameLease> held;     // after renewal, by game (empty when it failed)
  std::vector<GameLease> claimed;  // games taken over
  std::optional<DbError> failure;  // the renewal failed: `held` says nothing
};

struct LeaseStats {
  std::uint64_t rounds = 0;
  std::uint64_t renewal_failures = 0;
  std::uint64_t claims = 0;
  std::size_t held = 0;
  std::int64_t last_renewal_us = 0;
  // The latest renewal failed (the database is out of reach): this node's
  // games go to other nodes once their leases run out.
  std::optional<DbError> failing;
};

class LeaseKeeper {
 public:
  using Listener = std::function<void(Stores&, const LeaseRound&)>;

  // The first round runs at once. `now` gives Unix ms (the lease times).
  LeaseKeeper(Connection connection, LeaseOptions options, std::function<TimeMs()> now, Listener listener);
  LeaseKeeper(const LeaseKeeper&) = delete;
  ~LeaseKeeper();

  // Ends the rounds and joins the thread; the leases are left to run out.
  void stop();
  // Runs the next round now (another node has handed its games over).
  void wake();
  // Another node is gone (its heartbeats stopped): the next round, run now, ends the leases it still holds and
  // claims its games with the other orphans, instead of waiting for the leases to run out. Its fences hold until a
  // game is claimed, and a claim raises the epoch, so if it was alive after all its next write of a game is refused.
  void take_over_from(std::string node);
  // Stops, then ends every lease of the node at once, so that other nodes
  // take its games over at their next round instead of a lease later (a
  // clean shutdown). Its fences hold until another node claims a game.
  DbResult<Done> hand_over();
  LeaseStats stats() const;
  const LeaseOptions& options() const { return options_; }

 private:
  void run();
  LeaseRound renew(Stores& stores);
  void reclaim_own(Stores& stores);
  void end_leases_of_gone_nodes(Stores& stores);
  // Claims the games and tells the listener the ones won: how many, or
  // nothing once the keeper is stopping.
  std::optional<std::size_t> claim_and_report(Stores& stores, const std::vector<GameId>& games,
                                              std::chrono::steady_clock::time_point renewal_sent);
  void claim_orphans(Stores& stores, std::chrono::steady_clock::time_point renewal_sent,
                     std::chrono::steady_clock::time_point next_round);

  Connection connection_;
  const LeaseOptions options_;
  const std::function<TimeMs()> now_;
  const Listener listener_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool woken_ = false;
  std::vector<std::string> gone_nodes_;  // whose leases the next round ends
  LeaseStats stats_;
  std::thread thread_;  // last: starts after every other member exists
};

}  // namespace yunzi::db
