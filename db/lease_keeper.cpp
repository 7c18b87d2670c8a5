#include "db/lease_keeper.hpp"

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

LeaseStats LeaseKeeper::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void LeaseKeeper::run() {
  SqlStores stores(connection_);
  for (;;) {
    const auto started = std::chrono::steady_clock::now();
    const LeaseRound done = round(stores);
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      ++stats_.rounds;
      if (done.failure) ++stats_.renewal_failures;
      stats_.failing = done.failure;
      stats_.claims += done.claimed.size();
      if (!done.failure) stats_.held = done.held.size();
    }
    listener_(stores, done);
    std::unique_lock lock(mutex_);
    wake_.wait_until(lock, started + options_.renew_every, [this] { return stopping_; });
    if (stopping_) return;
  }
}

LeaseRound LeaseKeeper::round(Stores& stores) {
  LeaseRound out;
  out.renewal_sent = std::chrono::steady_clock::now();
  const TimeMs now = now_();
  const TimeMs until = now + options_.lease.count();
  auto renewed = stores.owners().renew(options_.node, until);
  {
    std::lock_guard lock(mutex_);
    stats_.last_renewal_us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - out.renewal_sent)
            .count();
  }
  if (!renewed) {
    // A node that cannot renew cannot claim either; its writes are fenced
    // by the epochs, whatever it believes it holds.
    out.failure = renewed.error();
    return out;
  }
  out.held = std::move(*renewed);
  auto orphans = stores.owners().orphaned(now, options_.claims_per_round);
  if (!orphans) return out;
  for (GameId game : *orphans) {
    auto claimed = stores.owners().claim(game, options_.node, now, until);
    if (claimed && *claimed) out.claimed.push_back(std::move(**claimed));
  }
  return out;
}

}  // namespace yunzi::db
