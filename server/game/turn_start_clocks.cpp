#include "server/game/turn_start_clocks.hpp"

namespace yunzi::game {

TurnStartClocks::Entry TurnStartClocks::at(std::size_t index) const {
  if (index < forgotten_ || index >= size()) return std::nullopt;
  return recent_[index - forgotten_];
}

std::vector<TurnStartClocks::Entry> TurnStartClocks::tail_from(std::size_t index) const {
  std::vector<Entry> tail;
  for (std::size_t i = index; i < size(); ++i) tail.push_back(at(i));
  return tail;
}

void TurnStartClocks::push(Entry at_turn_start) {
  // Room is made first, so the ring never grows past `kept_` slots.
  if (recent_.size() == kept_) {
    recent_.pop_front();
    ++forgotten_;
  }
  recent_.push_back(std::move(at_turn_start));
}

void TurnStartClocks::truncate(std::size_t count) {
  if (count <= forgotten_) {
    recent_.clear();
    forgotten_ = count;
    return;
  }
  while (size() > count) recent_.pop_back();
}

void TurnStartClocks::assume_unknown(std::size_t count) {
  recent_.clear();
  forgotten_ = count;
}

}  // namespace yunzi::game
