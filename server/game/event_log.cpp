#include "server/game/event_log.hpp"

#include "protocol/events.hpp"

namespace yunzi::game {

void EventLog::keep(Entry entry) {
  if (entries_.empty()) first_seq_ = entry.seq;
  // Making room before the push keeps the ring at `capacity` slots; pushing
  // first would double it for one entry more.
  if (entries_.size() == capacity_) {
    entries_.pop_front();
    ++first_seq_;
  }
  entries_.push_back(std::move(entry));
}

protocol::Frame EventLog::append_move(std::int64_t seq, const protocol::MovePlayed& move) {
  keep(Entry{seq, LoggedMove(move)});
  return protocol::game_move(moves_.game, seq, moves_.board_size, move);
}

void EventLog::start_after(std::int64_t seq) {
  entries_.clear();
  first_seq_ = seq + 1;
}

void EventLog::drop_after(std::int64_t seq) {
  while (!entries_.empty() && entries_.back().seq > seq) entries_.pop_back();
  if (entries_.empty()) first_seq_ = seq + 1;
}

std::optional<std::vector<protocol::Frame>> EventLog::since(std::int64_t since, std::int64_t current_seq) const {
  if (since > current_seq || since + 1 < first_seq_) return std::nullopt;
  std::vector<protocol::Frame> out;
  for (auto i = static_cast<std::size_t>(since + 1 - first_seq_); i < entries_.size(); ++i) {
    out.push_back(frame_of(entries_[i]));
  }
  return out;
}

protocol::Frame EventLog::frame_of(const Entry& entry) const {
  if (const auto* move = std::get_if<LoggedMove>(&entry.event)) {
    return protocol::game_move(moves_.game, entry.seq, moves_.board_size, move->unpack());
  }
  return std::get<protocol::Frame>(entry.event);
}

}  // namespace yunzi::game
