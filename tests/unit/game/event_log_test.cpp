// The bounded event history: what a catch-up gets, and the way back after a
// refused commit when the bound has already dropped the oldest entries.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "protocol/events.hpp"
#include "server/game/event_log.hpp"

using yunzi::game::EventLog;

namespace {

yunzi::protocol::Frame frame(std::int64_t seq) { return std::make_shared<const std::string>(std::to_string(seq)); }

std::string joined(const std::vector<yunzi::protocol::Frame>& frames) {
  std::string out;
  for (const auto& f : frames) out += *f + " ";
  return out;
}

}  // namespace

TEST_CASE("the log keeps the newest events up to its capacity") {
  EventLog log(yunzi::game::MoveFrameContext{}, 3);
  for (std::int64_t seq = 1; seq <= 5; ++seq) log.append(seq, frame(seq));
  CHECK(log.size() == 3);
  CHECK(log.front().seq == 3);
  CHECK(log.last_seq() == 5);
  CHECK(joined(*log.since(2, 5)) == "3 4 5 ");
  CHECK(joined(*log.since(4, 5)) == "5 ");
  CHECK(log.since(5, 5)->empty());
  CHECK_FALSE(log.since(1, 5).has_value());
  CHECK_FALSE(log.since(6, 5).has_value());
}

TEST_CASE("a log started after a restart holds nothing from before") {
  EventLog log(yunzi::game::MoveFrameContext{}, 10);
  log.start_after(1007);
  CHECK(log.since(1007, 1007)->empty());
  CHECK_FALSE(log.since(1006, 1007).has_value());
  log.append(1008, frame(1008));
  CHECK(joined(*log.since(1007, 1008)) == "1008 ");
}

TEST_CASE("taking back events after a refused commit leaves a consistent log, also past the bound") {
  EventLog log(yunzi::game::MoveFrameContext{}, 3);
  for (std::int64_t seq = 1; seq <= 3; ++seq) log.append(seq, frame(seq));
  log.append(4, frame(4));
  log.append(5, frame(5));  // 1 and 2 have gone
  log.drop_after(3);
  CHECK(log.size() == 1);
  CHECK(log.last_seq() == 3);
  CHECK(joined(*log.since(2, 3)) == "3 ");
  CHECK(log.since(3, 3)->empty());
  CHECK_FALSE(log.since(1, 3).has_value());
  log.append(4, frame(4));
  CHECK(joined(*log.since(2, 4)) == "3 4 ");

  log.drop_after(2);  // every held event goes
  CHECK(log.empty());
  CHECK(log.since(2, 2)->empty());
  CHECK_FALSE(log.since(1, 2).has_value());
  log.append(3, frame(3));
  CHECK(joined(*log.since(2, 3)) == "3 ");
}

TEST_CASE("a logged move comes back as the game.move frame it was broadcast as") {
  EventLog log(yunzi::game::MoveFrameContext{42, 9}, 4);
  yunzi::protocol::MovePlayed move{
      yunzi::engine::Color::black, yunzi::engine::Vertex{2, 2}, {yunzi::engine::Vertex{3, 2}}, {}, 5};
  move.clock.black.main_ms = 61'000;
  log.append(6, frame(6));
  log.append_move(7, move);
  const auto caught_up = log.since(5, 7);
  REQUIRE(caught_up.has_value());
  REQUIRE(caught_up->size() == 2);
  CHECK(*caught_up->front() == "6");
  CHECK(*caught_up->back() == *yunzi::protocol::game_move(42, 7, 9, move));
}

TEST_CASE("a full log makes room before it keeps an event, so it never holds room for more than its capacity") {
  EventLog log(yunzi::game::MoveFrameContext{}, 8);
  for (std::int64_t seq = 1; seq <= 100; ++seq) {
    log.append_move(seq, yunzi::protocol::MovePlayed{});
    CHECK(log.size() <= 8);
    CHECK(log.slots() <= 8);
  }
  CHECK(log.front().seq == 93);
  CHECK(log.since(92, 100)->size() == 8);
}

TEST_CASE("a logged move keeps every clock field of every time system, the running side and the captures") {
  using yunzi::engine::Color;
  using yunzi::engine::Vertex;
  using yunzi::protocol::MovePlayed;
  std::vector<MovePlayed> moves;
  MovePlayed byoyomi{Color::white, Vertex{18, 0}, {Vertex{17, 0}, Vertex{18, 1}, Vertex{16, 3}}, {}, 211};
  byoyomi.clock.black = {0, 3, 29'500, std::nullopt};
  byoyomi.clock.white = {1'200'000, 5, 30'000, std::nullopt};
  byoyomi.clock.running = Color::black;
  moves.push_back(byoyomi);
  MovePlayed canadian{Color::black, std::nullopt, {}, {}, 2};  // a pass
  canadian.clock.black = {0, std::nullopt, 299'999, 25};
  canadian.clock.white = {0, std::nullopt, 7'200'000, 1'000};
  canadian.clock.running = Color::white;
  moves.push_back(canadian);
  MovePlayed fischer{Color::black, Vertex{0, 24}, {}, {}, 1};
  fischer.clock.black.main_ms = 30LL * 24 * 3600 * 1000;  // the longest clock a game may have
  fischer.clock.white.main_ms = -1;                       // flagged, shown below zero
  moves.push_back(fischer);

  EventLog log(yunzi::game::MoveFrameContext{7, 25}, 8);
  std::int64_t seq = 10;
  std::vector<std::string> broadcast;
  for (const auto& move : moves) broadcast.push_back(*log.append_move(++seq, move));
  const auto caught_up = log.since(10, seq);
  REQUIRE(caught_up.has_value());
  REQUIRE(caught_up->size() == moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    CHECK(*(*caught_up)[i] == broadcast[i]);
    CHECK(broadcast[i] == *yunzi::protocol::game_move(7, 11 + static_cast<std::int64_t>(i), 25, moves[i]));
  }
  // The frames differ where the moves do: the packing lost nothing that shows.
  CHECK(broadcast[0].find("\"periods\":3") != std::string::npos);
  CHECK(broadcast[1].find("\"stones\":1000") != std::string::npos);
}
