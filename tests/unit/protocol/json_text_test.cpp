// The hot events written without a JSON tree must be the very bytes the tree
// would print: clients and the catch-up compare nothing but the frame.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <random>

#include "protocol/events.hpp"
#include "protocol/json_text.hpp"
#include "protocol/payload_json.hpp"
#include "tests/support/tree_frames.hpp"

using namespace yunzi;
using namespace yunzi::protocol;
using nlohmann::json;
using yunzi::engine::Color;
using yunzi::engine::Vertex;

namespace {

SideClock random_side(std::mt19937& rng) {
  std::uniform_int_distribution<std::int64_t> ms(-5'000, std::numeric_limits<std::int64_t>::max() / 2);
  std::uniform_int_distribution<int> count(0, 65'535);
  SideClock side{ms(rng), std::nullopt, std::nullopt, std::nullopt};
  switch (rng() % 5) {
    case 0: break;  // absolute, or no clock
    case 1:         // byo-yomi
      side.periods = count(rng);
      side.period_ms = ms(rng);
      break;
    case 2:  // Canadian
      side.stones = count(rng);
      side.period_ms = ms(rng);
      break;
    case 3:  // every field, as no system sends but the writer must still order
      side.periods = count(rng);
      side.period_ms = ms(rng);
      side.stones = count(rng);
      break;
    default: side.stones = count(rng); break;
  }
  return side;
}

}  // namespace

TEST_CASE("game.move written directly is the tree's frame byte for byte", "[protocol][encode]") {
  std::mt19937 rng(20261204);
  for (int round = 0; round < 2000; ++round) {
    const int size = std::array{5, 9, 13, 19, 25}[rng() % 5];
    std::uniform_int_distribution<int> coordinate(0, size - 1);
    MovePlayed move;
    move.color = rng() % 2 ? Color::black : Color::white;
    if (rng() % 8 != 0) move.vertex = Vertex{coordinate(rng), coordinate(rng)};
    const int captured = static_cast<int>(rng() % 4 == 0 ? rng() % 12 : 0);
    for (int i = 0; i < captured; ++i) move.captured.push_back(Vertex{coordinate(rng), coordinate(rng)});
    move.clock.black = random_side(rng);
    move.clock.white = random_side(rng);
    const int running = static_cast<int>(rng() % 3);
    if (running != 2) move.clock.running = running == 0 ? Color::black : Color::white;
    move.move_number = static_cast<int>(rng() % 1000) + 1;
    const std::int64_t game = round == 0 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(rng());
    const std::int64_t seq =
        round == 1 ? std::numeric_limits<std::int64_t>::min() : static_cast<std::int64_t>(rng() % 5000);

    const Frame direct = game_move(game, seq, size, move);
    REQUIRE(*direct == test::game_move_through_tree(game, seq, size, move));
  }
}

TEST_CASE("JsonText separates members and elements at every depth", "[protocol][encode]") {
  JsonText out;
  out.open_object();
  out.key("a");
  out.open_array();
  out.open_object();
  out.close_object();
  out.open_array();
  out.close_array();
  out.value(-1);
  out.null();
  out.close_array();
  out.key("b");
  out.open_object();
  out.key("c");
  out.token("x y");
  out.close_object();
  out.key("d");
  out.value(0);
  out.close_object();
  const std::string text = out.take();
  CHECK(text == R"({"a":[{},[],-1,null],"b":{"c":"x y"},"d":0})");
  CHECK(json::parse(text) ==
        json{{"a", {json::object(), json::array(), -1, nullptr}}, {"b", {{"c", "x y"}}}, {"d", 0}});
}
