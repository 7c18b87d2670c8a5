// The events a room has broadcast, newest last, for a watcher catching up with `since`. Only the last `capacity` are
// kept: a watcher further behind gets the full state, one frame, which past a few dozen events is the smaller answer
// anyway. A move is kept as its packed payload (logged_move.hpp) and encoded again for the rare catch-up
// (server/game/README.md, "How a room works"; bench/LOG.md, "Events kept per room").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "core/ring_queue.hpp"
#include "protocol/payloads.hpp"
#include "protocol/replies.hpp"
#include "server/game/logged_move.hpp"

namespace yunzi::game {

// What a move's game.move frame names besides the move.
struct MoveFrameContext {
  std::int64_t game = 0;
  int board_size = 19;
};

class EventLog {
 public:
  struct Entry {
    std::int64_t seq = 0;
    std::variant<protocol::Frame, LoggedMove> event;
  };
  static constexpr std::size_t default_capacity = 64;

  explicit EventLog(MoveFrameContext moves = {}, std::size_t capacity = default_capacity)
      : moves_(moves), capacity_(capacity == 0 ? 1 : capacity) {}

  // `seq` is one more than the last appended (or the start: see start_after).
  void append(std::int64_t seq, protocol::Frame frame) { keep(Entry{seq, std::move(frame)}); }
  // Keeps the move and returns the game.move frame to broadcast, so that the
  // frame a catch-up gets is made the same way.
  protocol::Frame append_move(std::int64_t seq, const protocol::MovePlayed& move);
  // Nothing up to `seq` is held: after a restart, the events before it were
  // never stored.
  void start_after(std::int64_t seq);
  // Takes back the events after `seq`, for a change the database refused.
  void drop_after(std::int64_t seq);

  // The events with seq > since, or nullopt when the log no longer reaches
  // back that far or since is ahead of `current_seq`.
  std::optional<std::vector<protocol::Frame>> since(std::int64_t since, std::int64_t current_seq) const;
  // The entry as it was broadcast.
  protocol::Frame frame_of(const Entry& entry) const;

  std::int64_t last_seq() const { return first_seq_ + static_cast<std::int64_t>(entries_.size()) - 1; }
  std::size_t size() const { return entries_.size(); }
  // The entries room is held for: what the log costs a room.
  std::size_t slots() const { return entries_.capacity(); }
  bool empty() const { return entries_.empty(); }
  const Entry& front() const { return entries_.front(); }
  const Entry& back() const { return entries_.back(); }
  const Entry& operator[](std::size_t i) const { return entries_[i]; }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }

 private:
  void keep(Entry entry);

  MoveFrameContext moves_;
  std::size_t capacity_;
  std::int64_t first_seq_ = 1;  // the seq of entries_.front(), or of the next append when empty
  RingQueue<Entry> entries_;
};

}  // namespace yunzi::game
