#include "db/lease_keeper.hpp"

#include <set>

#include "db/sql_stores.hpp"

namespace yunzi::db {

LeaseKeeper::LeaseKeeper(Connection connection, LeaseOptions options, std::function<TimeMs()> now, Listener listener)
    : connection_(std::move(connection)),
      options_(std::move(options)),
      now_(std::move(now)),
      listener_(std::move(listener)),
      thread_([this] { run(); }) {}

LeaseKeeper::~LeaseKeeper() { stop(); }

void LeaseKeeper::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

DbResult<Done> LeaseKeeper::hand_over() {
  stop();
  SqlStores stores(connection_);
  auto ended = stores.owners().renew(options_.node, 0);
  if (!ended) return unexpected(ended.error());
  return Done{};
}

void LeaseKeeper::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_one();
}

void LeaseKeeper::take_over_from(std::string node) {
  if (node == options_.node) return;
  {
    std::lock_guard lock(mutex_);
    gone_nodes_.push_back(std::move(node));
    woken_ = true;
  }
  wake_.notify_one();
}

void LeaseKeeper::end_leases_of_gone_nodes(Stores& stores) {
  std::vector<std::string> gone;
  {
    std::lock_guard lock(mutex_);
    gone.swap(gone_nodes_);
  }
  // Renewed to the epoch's start, each row still the gone node's runs out now and is claimed like any orphan. A
  // failure leaves the leases to run out on their own.
  for (const std::string& node : gone) (void)stores.owners().renew(node, 0);
}

LeaseStats LeaseKeeper::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void LeaseKeeper::run() {
  SqlStores stores(connection_);
  reclaim_own(stores);
  for (;;) {
    const auto started = std::chrono::steady_clock::now();
    LeaseRound renewal = renew(stores);
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      ++stats_.rounds;
      if (renewal.failure) ++stats_.renewal_failures;
      stats_.failing = renewal.failure;
      if (!renewal.failure) stats_.held = renewal.held.size();
    }
    listener_(stores, renewal);
    // A node that cannot renew cannot claim either; its writes are fenced
    // by the epochs, whatever it believes it holds.
    if (!renewal.failure) {
      end_leases_of_gone_nodes(stores);
      claim_orphans(stores, renewal.renewal_sent, started + options_.renew_every);
    }
    std::unique_lock lock(mutex_);
    wake_.wait_until(lock, started + options_.renew_every, [this] { return stopping_ || woken_; });
    woken_ = false;
    if (stopping_) return;
  }
}

void LeaseKeeper::reclaim_own(Stores& stores) {
  auto recorded = stores.owners().held_by(options_.node);
  if (!recorded) return;
  std::vector<GameId> games;
  for (const GameLease& lease : *recorded) games.push_back(lease.game);
  claim_and_report(stores, games, std::chrono::steady_clock::now());
}

std::optional<std::size_t> LeaseKeeper::claim_and_report(Stores& stores, const std::vector<GameId>& games,
                                                         std::chrono::steady_clock::time_point renewal_sent) {
  LeaseRound batch;
  batch.renewal_sent = renewal_sent;
  const TimeMs now = now_();
  for (GameId game : games) {
    auto claimed = stores.owners().claim(game, options_.node, now, now + options_.lease.count());
    if (claimed && *claimed) batch.claimed.push_back(std::move(**claimed));
  }
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return std::nullopt;
    stats_.claims += batch.claimed.size();
  }
  const std::size_t won = batch.claimed.size();
  if (won > 0) listener_(stores, batch);
  return won;
}

LeaseRound LeaseKeeper::renew(Stores& stores) {
  LeaseRound out;
  out.renewal_sent = std::chrono::steady_clock::now();
  out.renewed = true;
  auto renewed = stores.owners().renew(options_.node, now_() + options_.lease.count());
  {
    std::lock_guard lock(mutex_);
    stats_.last_renewal_us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - out.renewal_sent)
            .count();
  }
  if (!renewed) {
    out.failure = renewed.error();
    return out;
  }
  out.held = std::move(*renewed);
  return out;
}

void LeaseKeeper::claim_orphans(Stores& stores, std::chrono::steady_clock::time_point renewal_sent,
                                std::chrono::steady_clock::time_point next_round) {
  // Batch after batch, each handed over at once so its rooms start while the
  // next is claimed; the next renewal is never put off for it.
  // A game claimed and given up again in this round (its room could not be
  // built) is an orphan again at once: it waits for the next round.
  std::set<GameId> tried;
  for (;;) {
    auto orphans = stores.owners().orphaned(now_(), options_.claims_per_round + static_cast<int>(tried.size()));
    if (!orphans) return;
    std::erase_if(*orphans, [&tried](GameId game) { return tried.count(game) > 0; });
    if (orphans->empty()) return;
    if (orphans->size() > static_cast<std::size_t>(options_.claims_per_round))
      orphans->resize(options_.claims_per_round);
    tried.insert(orphans->begin(), orphans->end());
    const auto won = claim_and_report(stores, *orphans, renewal_sent);
    // Fewer than asked for: none left. None won: other nodes are claiming them.
    if (!won || *won == 0 || static_cast<int>(orphans->size()) < options_.claims_per_round) return;
    if (std::chrono::steady_clock::now() >= next_round) return;
  }
}

}  // namespace yunzi::db
