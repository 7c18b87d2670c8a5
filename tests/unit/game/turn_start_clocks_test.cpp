// The turn-start clocks an undo puts back: kept for the last moves only,
// forgotten ones answer "not known", and taking moves back (an undo, a
// refused commit) keeps every index where it was.
#include <catch2/catch.hpp>

#include "server/game/turn_start_clocks.hpp"

using yunzi::game::TurnStartClocks;

namespace {

yunzi::clock::ClockSnapshot clocks_of_move(std::size_t move) {
  yunzi::clock::ClockSnapshot snapshot;
  snapshot.black.main_ms = static_cast<std::int64_t>(1000 * move);
  return snapshot;
}

std::int64_t move_of(const TurnStartClocks::Entry& entry) { return entry ? entry->black.main_ms / 1000 : -1; }

}  // namespace

TEST_CASE("turn-start clocks are kept for the last moves only, each at its own index") {
  TurnStartClocks clocks(4);
  for (std::size_t move = 0; move < 10; ++move) clocks.push(clocks_of_move(move));
  CHECK(clocks.size() == 10);
  for (std::size_t move = 0; move < 6; ++move) CHECK_FALSE(clocks.at(move).has_value());
  for (std::size_t move = 6; move < 10; ++move) CHECK(move_of(clocks.at(move)) == static_cast<std::int64_t>(move));
  CHECK_FALSE(clocks.at(10).has_value());

  const auto tail = clocks.tail_from(5);
  REQUIRE(tail.size() == 5);
  CHECK_FALSE(tail[0].has_value());
  CHECK(move_of(tail[4]) == 9);
}

TEST_CASE("taking moves back keeps the indices; taking back past the kept ones forgets them all") {
  TurnStartClocks clocks(4);
  for (std::size_t move = 0; move < 10; ++move) clocks.push(clocks_of_move(move));
  clocks.truncate(8);  // an undo of two moves
  CHECK(clocks.size() == 8);
  CHECK(move_of(clocks.at(7)) == 7);
  CHECK(move_of(clocks.at(6)) == 6);
  clocks.push(clocks_of_move(8));
  CHECK(move_of(clocks.at(8)) == 8);

  clocks.truncate(3);  // further back than anything kept
  CHECK(clocks.size() == 3);
  for (std::size_t move = 0; move < 3; ++move) CHECK_FALSE(clocks.at(move).has_value());
  clocks.push(clocks_of_move(3));
  CHECK(clocks.size() == 4);
  CHECK(move_of(clocks.at(3)) == 3);
}

TEST_CASE("a game read back from storage knows none of its moves' turn starts, then each new one") {
  TurnStartClocks clocks;
  clocks.assume_unknown(120);
  CHECK(clocks.size() == 120);
  CHECK_FALSE(clocks.at(119).has_value());
  clocks.push(clocks_of_move(120));
  CHECK(move_of(clocks.at(120)) == 120);
  CHECK(clocks.size() == 121);
}

TEST_CASE("a kept turn start comes back with every field of every time system") {
  using yunzi::Color;
  using yunzi::TimeSystem;
  using yunzi::clock::ClockSnapshot;
  using yunzi::clock::SideTime;
  std::vector<TurnStartClocks::Entry> entries;
  ClockSnapshot byoyomi{TimeSystem::byoyomi, SideTime{0, 100, 3'600'000, 0}, SideTime{36'000'000, 5, 30'000, 0},
                        Color::white, std::nullopt};
  ClockSnapshot canadian{TimeSystem::canadian, SideTime{0, 0, 7'199'999, 1000}, SideTime{0, 0, 1, 1}, std::nullopt,
                         Color::black};
  ClockSnapshot fischer{TimeSystem::fischer, SideTime{30LL * 24 * 3600 * 1000, 0, 0, 0}, SideTime{-5, 0, 0, 0},
                        Color::black, Color::white};
  entries = {byoyomi, std::nullopt, canadian, fischer, ClockSnapshot{}};
  TurnStartClocks clocks(8);
  for (const auto& entry : entries) clocks.push(entry);
  REQUIRE(clocks.size() == entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    INFO("entry " << i);
    CHECK(clocks.at(i) == entries[i]);
  }
}
