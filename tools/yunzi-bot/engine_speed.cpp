#include "tools/yunzi-bot/engine_speed.hpp"

#include <algorithm>

namespace yunzi::bot {
namespace {

void keep_slowest(std::map<int, EngineSpeed::Millis>& slowest, int size, EngineSpeed::Millis move) {
  auto [it, inserted] = slowest.try_emplace(size, move);
  if (!inserted) it->second = std::max(it->second, move);
}

}  // namespace

void EngineSpeed::record(int size, Millis move) { keep_slowest(measured_, size, move); }

void EngineSpeed::record_overrun(int size, Millis move) { keep_slowest(overran_, size, move); }

std::optional<EngineSpeed::Millis> EngineSpeed::slowest(int size) const {
  const auto it = measured_.find(size);
  if (it == measured_.end()) return std::nullopt;
  return it->second;
}

std::optional<EngineSpeed::Millis> EngineSpeed::needed_per_move(int size, Millis margin) const {
  std::optional<Millis> needed;
  // Twice the measured move: a fight in the middle of a game can take the
  // engine longer than the position it was timed on.
  if (const auto move = slowest(size)) needed = margin + 2 * *move;
  if (const auto it = overran_.find(size); it != overran_.end()) {
    needed = std::max(needed.value_or(Millis(0)), margin + it->second);
  }
  return needed;
}

}  // namespace yunzi::bot
