#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "tools/yunzi-loadgen/baseline_scenario.hpp"
#include "tools/yunzi-loadgen/game_traffic.hpp"
#include "tools/yunzi-loadgen/seating.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

TEST_CASE("seating: players, spectators, then idle connections") {
  const Seating seating(2, 3);
  CHECK(seating.seat_of(0).role == loadgen::Role::black);
  CHECK(seating.seat_of(1).role == loadgen::Role::white);
  CHECK(seating.seat_of(4).role == loadgen::Role::spectator);
  CHECK(seating.seat_of(4).game == 0);
  CHECK(seating.seat_of(5).role == loadgen::Role::black);
  CHECK(seating.seat_of(5).game == 1);
  CHECK(seating.seat_of(10).role == loadgen::Role::idle);
  CHECK(seating.black_of(1) == 5);
  CHECK(seating.white_of(1) == 6);
  CHECK(seating.spectator_of(1, 2) == 9);
}

TEST_CASE("baseline frames: padded to size, read back, junk refused") {
  const std::string frame = encode_baseline_move(12, 7, "Q16", 240);
  CHECK(frame.size() == 240);
  const auto move = decode_baseline_move(frame);
  REQUIRE(move);
  CHECK(move->game == 12);
  CHECK(move->move_number == 7);
  CHECK(move->vertex == "Q16");
  CHECK(encode_baseline_move(1, 1, "A1", 4) == "1 1 A1 ");  // never cut short
  CHECK_FALSE(decode_baseline_move("g12"));
  CHECK_FALSE(decode_baseline_move("12 x Q16 "));
  CHECK_FALSE(decode_baseline_move("12 7 "));
  CHECK_FALSE(decode_baseline_move(""));
}

namespace {

engine::GameSetup nine_by_nine() {
  engine::GameSetup setup;
  setup.size = 9;
  return setup;
}

// Relays every sent move straight back as arrivals at the opponent and at
// one spectator, like a server with no delay, and replays the moves on a
// Game of its own to prove they form a legal sequence.
struct Relay {
  boost::asio::io_context io;
  RunCounters counters;
  std::vector<std::string> sent;
  std::vector<int> numbers;
  std::optional<engine::Game> check = engine::Game::create(nine_by_nine()).value();
  int illegal = 0;
  int replaced = 0;
  bool deliver = true;
  std::unique_ptr<GameTraffic> traffic;

  explicit Relay(double rate) {
    traffic = std::make_unique<GameTraffic>(
        io, 1, 9, rate, 7, counters,
        GameTraffic::Hooks{[this](int game, loadgen::Role mover, int number, const std::string& vertex) {
                             sent.push_back(vertex);
                             numbers.push_back(number);
                             const auto v = engine::parse_gtp(vertex, 9);
                             const auto color =
                                 mover == loadgen::Role::black ? engine::Color::black : engine::Color::white;
                             if (!v || !check->play(color, *v)) ++illegal;
                             if (!deliver) return;
                             boost::asio::post(io, [this, game, mover, number, vertex] {
                               const loadgen::Role opponent =
                                   mover == loadgen::Role::black ? loadgen::Role::white : loadgen::Role::black;
                               const auto now = std::chrono::steady_clock::now();
                               traffic->on_move_event(game, loadgen::Role::spectator, number, vertex, now);
                               traffic->on_move_event(game, opponent, number, vertex, now);
                             });
                           },
                           [this](int game, loadgen::Role) {
                             ++replaced;
                             check = engine::Game::create(nine_by_nine()).value();
                             traffic->begin(game);
                           }});
    traffic->begin(0);
  }

  void run_for(std::chrono::milliseconds time) {
    counters.measuring = true;
    io.restart();
    traffic->start_ticking();
    io.run_for(time);
    traffic->stop_ticking();
    // Deliver what was relayed just before the stop.
    io.restart();
    io.poll();
  }
};

}  // namespace

TEST_CASE("traffic: legal moves in order at the asked-for rate, each measured") {
  Relay relay(1000.0);
  relay.run_for(std::chrono::milliseconds(400));
  CHECK(relay.illegal == 0);
  REQUIRE(relay.sent.size() > 100);
  // Numbers restart with each replaced game and otherwise count up by one.
  for (std::size_t i = 1; i < relay.numbers.size(); ++i) {
    CHECK((relay.numbers[i] == relay.numbers[i - 1] + 1 || relay.numbers[i] == 1));
  }
  CHECK(relay.counters.moves_sent == static_cast<std::int64_t>(relay.sent.size()));
  CHECK(relay.counters.moves_delivered == relay.counters.moves_sent);
  CHECK(relay.counters.to_opponent.size() == relay.sent.size());
  CHECK(relay.counters.to_spectators.size() == relay.sent.size());
  CHECK(relay.counters.move_events == 2 * relay.counters.moves_sent);
}

TEST_CASE("traffic: replaced games after no move is left") {
  Relay relay(2000.0);
  relay.run_for(std::chrono::milliseconds(800));
  CHECK(relay.illegal == 0);
  CHECK(relay.replaced >= 1);
  CHECK(relay.counters.games_restarted == relay.replaced);
}

TEST_CASE("traffic: a mover that has not seen the last move waits, and the tick is counted late") {
  Relay relay(100.0);
  relay.deliver = false;
  relay.run_for(std::chrono::milliseconds(200));
  CHECK(relay.sent.size() == 1);
  CHECK(relay.counters.late_ticks >= 10);
  CHECK(relay.counters.moves_delivered == 0);
  // A refusal frees the game: the next tick sends again.
  relay.traffic->on_move_refused(0);
  relay.check = engine::Game::create(nine_by_nine()).value();
  relay.run_for(std::chrono::milliseconds(50));
  CHECK(relay.sent.size() == 2);
}

TEST_CASE("traffic: arrivals nobody waits for are ignored; one that contradicts the position stops the game") {
  Relay relay(1000.0);
  relay.deliver = false;
  relay.run_for(std::chrono::milliseconds(5));
  REQUIRE(relay.sent.size() == 1);
  const auto now = std::chrono::steady_clock::now();
  // Move 1 reaching black (its own mover) or a move number not yet sent changes nothing.
  relay.traffic->on_move_event(0, loadgen::Role::black, 1, relay.sent[0], now);
  relay.traffic->on_move_event(0, loadgen::Role::white, 5, relay.sent[0], now);
  CHECK(relay.counters.moves_delivered == 0);
  CHECK(relay.traffic->active(0));
  // The opponent hears of a point off the board: the positions disagree.
  relay.traffic->on_move_event(0, loadgen::Role::white, 1, "Z99", now);
  CHECK(relay.counters.setup_errors.at("loadgen:position_mismatch") == 1);
  CHECK_FALSE(relay.traffic->active(0));
  CHECK(relay.counters.moves_delivered == 0);
}
