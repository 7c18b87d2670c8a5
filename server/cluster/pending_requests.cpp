#include "server/cluster/pending_requests.hpp"

#include <utility>

namespace yunzi::cluster {

std::uint64_t PendingRequests::add(RequestCallback callback, const boost::asio::any_io_executor& executor,
                                   std::chrono::milliseconds timeout, std::function<void(std::uint64_t)> on_timeout) {
  std::lock_guard lock(mutex_);
  const std::uint64_t token = ++next_token_;
  Entry entry{{std::move(callback), std::chrono::steady_clock::now()},
              std::make_unique<boost::asio::steady_timer>(executor, timeout)};
  entry.timer->async_wait([token, on_timeout = std::move(on_timeout)](const boost::system::error_code& error) {
    if (!error) on_timeout(token);
  });
  entries_.emplace(token, std::move(entry));
  return token;
}

std::optional<PendingRequests::Request> PendingRequests::take(std::uint64_t token) {
  std::unique_lock lock(mutex_);
  auto node = entries_.extract(token);
  lock.unlock();
  if (node.empty()) return std::nullopt;
  return std::move(node.mapped().request);
}

std::vector<PendingRequests::Request> PendingRequests::take_all() {
  std::unordered_map<std::uint64_t, Entry> taken;
  {
    std::lock_guard lock(mutex_);
    taken.swap(entries_);
  }
  std::vector<Request> requests;
  requests.reserve(taken.size());
  for (auto& [token, entry] : taken) requests.push_back(std::move(entry.request));
  return requests;
}

}  // namespace yunzi::cluster
