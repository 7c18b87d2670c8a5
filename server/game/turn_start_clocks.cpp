#include "server/game/turn_start_clocks.hpp"

#include "server/game/clock_count.hpp"

namespace yunzi::game {

namespace {

std::uint8_t pack_color(std::optional<Color> c) { return c ? static_cast<std::uint8_t>(*c) : 0; }
std::optional<Color> unpack_color(std::uint8_t c) {
  if (c == 0) return std::nullopt;
  return static_cast<Color>(c);
}

}  // namespace

TurnStartClocks::Packed TurnStartClocks::Packed::of(const Entry& entry) {
  static_assert(sizeof(Packed) == 48);
  Packed packed;
  if (!entry) return packed;
  packed.known = true;
  packed.system = entry->system;
  packed.running = pack_color(entry->running);
  packed.flagged = pack_color(entry->flagged);
  for (std::size_t i = 0; i < 2; ++i) {
    const clock::SideTime& side = i == 0 ? entry->black : entry->white;
    packed.main_ms[i] = side.main_ms;
    packed.period_ms[i] = side.period_ms;
    packed.periods[i] = packed_clock_count(side.periods);
    packed.stones[i] = packed_clock_count(side.stones);
  }
  return packed;
}

TurnStartClocks::Entry TurnStartClocks::Packed::unpack() const {
  if (!known) return std::nullopt;
  clock::ClockSnapshot snapshot;
  snapshot.system = system;
  snapshot.running = unpack_color(running);
  snapshot.flagged = unpack_color(flagged);
  for (std::size_t i = 0; i < 2; ++i) {
    clock::SideTime& side = i == 0 ? snapshot.black : snapshot.white;
    side = clock::SideTime{main_ms[i], periods[i], period_ms[i], stones[i]};
  }
  return snapshot;
}

TurnStartClocks::Entry TurnStartClocks::at(std::size_t index) const {
  if (index < forgotten_ || index >= size()) return std::nullopt;
  return recent_[index - forgotten_].unpack();
}

std::vector<TurnStartClocks::Entry> TurnStartClocks::tail_from(std::size_t index) const {
  std::vector<Entry> tail;
  for (std::size_t i = index; i < size(); ++i) tail.push_back(at(i));
  return tail;
}

void TurnStartClocks::push(const Entry& at_turn_start) {
  // Room is made first, so the ring never grows past `kept_` slots.
  if (recent_.size() == kept_) {
    recent_.pop_front();
    ++forgotten_;
  }
  recent_.push_back(Packed::of(at_turn_start));
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
