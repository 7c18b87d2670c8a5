#include "server/game/event_log.hpp"

namespace yunzi::game {

void EventLog::append(std::int64_t seq, protocol::Frame frame) {
  if (entries_.empty()) first_seq_ = seq;
  entries_.push_back(Entry{seq, std::move(frame)});
  if (entries_.size() > capacity_) {
    entries_.pop_front();
    ++first_seq_;
  }
}

void EventLog::start_after(std::int64_t seq) {
  entries_.clear();
  first_seq_ = seq + 1;
}

void EventLog::drop_after(std::int64_t seq) {
  while (!entries_.empty() && entries_.back().first > seq) entries_.pop_back();
  if (entries_.empty()) first_seq_ = seq + 1;
}

std::optional<std::vector<protocol::Frame>> EventLog::since(std::int64_t since, std::int64_t current_seq) const {
  if (since > current_seq || since + 1 < first_seq_) return std::nullopt;
  std::vector<protocol::Frame> out;
  for (auto i = static_cast<std::size_t>(since + 1 - first_seq_); i < entries_.size(); ++i) {
    out.push_back(entries_[i].second);
  }
  return out;
}

}  // namespace yunzi::game
