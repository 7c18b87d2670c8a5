#include <catch2/catch.hpp>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/node/lobby_game_pacer.hpp"
#include "tests/support/wait.hpp"

using namespace yunzi;
using namespace std::chrono_literals;

namespace {

// Long beside the few calls a test makes within one, so that what they send at once is seen before it ends.
constexpr auto interval = 200ms;

// A pacer on an io_context of its own, and what it published: "g<game>m<move>" for an entry at once, "held
// g<game>m<move>..." for the entries held over an interval, in one publication, or "g<game>removed".
struct PacedGames {
  PacedGames() {
    pacer = std::make_shared<node::LobbyGamePacer>(
        io.get_executor(), interval, [this](const node::LobbyGamePacer::Entry& entry) { note(line(entry)); },
        [this](const std::vector<node::LobbyGamePacer::Entry>& entries) {
          std::string held = "held";
          for (const auto& entry : entries) held += " " + line(entry);
          note(held);
        },
        [this](GameId game) { note("g" + std::to_string(game) + "removed"); });
    runner = std::thread([this] { io.run(); });
  }
  ~PacedGames() {
    pacer->stop();
    work.reset();
    runner.join();
  }

  void move(GameId game, int move_number, bool at_once = false) {
    protocol::LobbyGame entry;
    entry.game = game;
    entry.move_number = move_number;
    pacer->changed(entry, 1, 2, at_once);
  }
  static std::string line(const node::LobbyGamePacer::Entry& entry) {
    return "g" + std::to_string(entry.entry.game) + "m" + std::to_string(entry.entry.move_number);
  }
  void note(std::string what) {
    std::lock_guard lock(mutex);
    told.push_back(std::move(what));
  }
  std::vector<std::string> published() {
    std::lock_guard lock(mutex);
    return told;
  }
  bool published_eventually(const std::vector<std::string>& expected) {
    return test_support::wait_until([&] { return published() == expected; }, 5s);
  }

  boost::asio::io_context io;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
  std::shared_ptr<node::LobbyGamePacer> pacer;
  std::thread runner;
  std::mutex mutex;
  std::vector<std::string> told;
};

}  // namespace

TEST_CASE("lobby game pacer: a game's first entry goes at once, the entries of an interval after it as the newest") {
  PacedGames paced;
  paced.move(7, 1);
  CHECK(paced.published() == std::vector<std::string>{"g7m1"});
  for (int move = 2; move <= 5; ++move) paced.move(7, move);
  // Another game is not held back by the first.
  paced.move(8, 1);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g8m1"});
  CHECK(paced.published_eventually({"g7m1", "g8m1", "held g7m5"}));
  std::this_thread::sleep_for(3 * interval);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g8m1", "held g7m5"});
}

TEST_CASE("lobby game pacer: the entries several games held over an interval go in one publication") {
  PacedGames paced;
  for (GameId game : {9, 4, 6}) paced.move(game, 1);
  for (int move = 2; move <= 3; ++move) {
    for (GameId game : {9, 4, 6}) paced.move(game, move + static_cast<int>(game));
  }
  CHECK(paced.published_eventually({"g9m1", "g4m1", "g6m1", "held g4m7 g6m9 g9m12"}));
  // Each game's next change waits a whole interval again, and goes with the others held then.
  paced.move(4, 20);
  paced.move(9, 21);
  CHECK(paced.published_eventually({"g9m1", "g4m1", "g6m1", "held g4m7 g6m9 g9m12", "held g4m20 g9m21"}));
}

TEST_CASE("lobby game pacer: nothing of a game follows its removal, nor goes from a node it moved away from") {
  PacedGames paced;
  paced.move(7, 1);
  paced.move(7, 2);
  paced.pacer->removed(7);
  paced.move(9, 1);
  paced.move(9, 2);
  paced.pacer->moved_away(9);
  std::this_thread::sleep_for(3 * interval);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g7removed", "g9m1"});
  // A game started again under the same id (a restored one) goes at once.
  paced.move(9, 3);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g7removed", "g9m1", "g9m3"});
}

TEST_CASE("lobby game pacer: an entry told with everything the node holds goes at once and ends what was held") {
  PacedGames paced;
  paced.move(7, 1);
  paced.move(7, 2);
  paced.move(7, 2, true);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g7m2"});
  std::this_thread::sleep_for(3 * interval);
  CHECK(paced.published() == std::vector<std::string>{"g7m1", "g7m2"});
}
