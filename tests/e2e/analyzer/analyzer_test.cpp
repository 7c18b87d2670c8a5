// yunzi-analyzer as an operator runs it: a bot account made with yunzi-admin,
// the real server, the analyzer process with real GNU Go, and with a
// stand-in that speaks kata-analyze (figures known in advance, a crash
// once). A player asks for a review of a finished game and is told when it
// is done; every position is there, turned to Black's side.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using namespace std::chrono_literals;

namespace {

const std::string kWorker = "reviewer";
const std::string kWorkerPassword = "reads-every-move";
const std::vector<std::string> kMoves{"E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5"};

void create_worker(const ServerFixture& fx) {
  const auto run = admin_tests::run_admin_tool({"db", "--data-dir", fx.server.data_dir().string(), "create-account",
                                                kWorker, "--role", "bot", "--rank", "5k", "--password-stdin"},
                                               kWorkerPassword + "\n");
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

// Eight moves, then White resigns: the review has nine positions.
std::int64_t finished_game(Player& black, Player& white) {
  const std::int64_t game = start_game(black, white);
  play_moves(black, white, game, kMoves, {&black, &white});
  white.ok({{"type", "game.resign"}, {"game", game}});
  black.wait_game_event(game, "game.end");
  return game;
}

void start_analyzer(test_support::ChildProcess& analyzer, const ServerFixture& fx,
                    const std::vector<std::string>& extra) {
  std::vector<std::string> argv{test_support::yunzi_analyzer_path(),
                                "--port",
                                std::to_string(fx.server.port()),
                                "--name",
                                kWorker,
                                "--poll-s",
                                "0",
                                "--report-every",
                                "3"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  test_support::ChildOptions options;
  options.env = {{"YUNZI_ANALYZER_PASSWORD", kWorkerPassword}};
  options.log = fx.dir.path() / "analyzer.log";
  REQUIRE(analyzer.start(argv, options));
}

// A server with the worker's account, two players and their finished game,
// whose review alice has asked for (`asked`: the reply).
struct AskedReview {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  std::int64_t game = 0;
  Json asked;

  AskedReview() {
    create_worker(fx);
    game = finished_game(alice, bob);
    asked = alice.ok({{"type", "analysis.request"}, {"game", game}});
  }
};

}  // namespace

TEST_CASE("GNU Go reviews a finished game: a score and its moves at every position", "[analyzer][gnugo]") {
  REQUIRE(test_support::gnugo_available());
  ServerFixture fx;
  create_worker(fx);
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = finished_game(alice, bob);
  CHECK(alice.ok({{"type", "analysis.request"}, {"game", game}})["analysis"]["status"] == "queued");

  test_support::ChildProcess analyzer;
  start_analyzer(analyzer, fx, {"--level", "1", "--once"});
  const Json done = alice.wait_event("analysis.done", {}, 60s);
  CHECK(done["status"] == "done");
  const auto ended = analyzer.wait_for(30s);
  REQUIRE(ended);
  CHECK(ended->code() == 0);  // --once: the queue is empty

  const Json review = bob.ok({{"type", "analysis.get"}, {"game", game}})["analysis"];
  REQUIRE(review["positions"].size() == kMoves.size() + 1);
  for (std::size_t i = 0; i < review["positions"].size(); ++i) {
    const Json& position = review["positions"][i];
    INFO(position.dump());
    CHECK(position["move"] == i);
    REQUIRE(position.contains("score"));
    CHECK(std::abs(position["score"].get<double>()) < 81 + 8);
    CHECK_FALSE(position.contains("winrate"));  // GNU Go gives none
    REQUIRE_FALSE(position["best"].empty());
    const std::string best = position["best"][0]["vertex"];
    CHECK(engine::parse_gtp(best, 9).has_value());
    CHECK(std::find(kMoves.begin(), kMoves.begin() + static_cast<std::ptrdiff_t>(i), best) ==
          kMoves.begin() + static_cast<std::ptrdiff_t>(i));  // never a point already taken
  }
}

TEST_CASE("an engine speaking kata-analyze: its figures turned to Black's side, and a crash survived",
          "[analyzer][kata]") {
  AskedReview scene;
  ServerFixture& fx = scene.fx;
  Player& alice = scene.alice;
  const std::int64_t game = scene.game;

  // The stand-in dies at its fourth position the first time it runs.
  const std::string marker = (fx.dir.path() / "died-once").string();
  test_support::ChildProcess analyzer;
  start_analyzer(analyzer, fx,
                 {"--engine-name", "gnugo", "--visits", "200", "--engine",
                  std::string(YUNZI_STANDIN_KATA_PATH) + " --die-once " + marker + " --die-at 4", "--once"});
  const Json done = alice.wait_event("analysis.done", {}, 60s);
  CHECK(done["status"] == "done");
  REQUIRE(analyzer.wait_for(30s));
  CHECK(std::filesystem::exists(marker));

  const Json review = alice.ok({{"type", "analysis.get"}, {"game", game}})["analysis"];
  REQUIRE(review["positions"].size() == kMoves.size() + 1);
  for (std::size_t p = 0; p < review["positions"].size(); ++p) {
    const Json& position = review["positions"][p];
    INFO(position.dump());
    const bool black_to_move = p % 2 == 0;
    const double own_rate = 0.40 + 0.01 * static_cast<double>(p % 50);
    const double own_lead = 2.5 - static_cast<double>(p);
    CHECK(position["winrate"].get<double>() == Approx(black_to_move ? own_rate : 1 - own_rate));
    CHECK(position["score"].get<double>() == Approx(black_to_move ? own_lead : -own_lead));
    REQUIRE(position["best"].size() == 2);
    CHECK(position["best"][0]["visits"].get<int>() >= 120);
    CHECK(position["best"][1]["score"].get<double>() == Approx(black_to_move ? own_lead - 1 : 1 - own_lead));
    CHECK(position["best"][0]["line"].size() == 2);
  }
  CHECK(review["positions"][0]["best"][0]["vertex"] == "A1");
}

TEST_CASE("figures the server refuses fail the run, and after three runs the review, never run for ever",
          "[analyzer][kata]") {
  AskedReview scene;
  ServerFixture& fx = scene.fx;
  Player& alice = scene.alice;
  const std::int64_t game = scene.game;

  test_support::ChildProcess analyzer;
  start_analyzer(analyzer, fx,
                 {"--engine-name", "gnugo", "--visits", "100", "--report-every", "1", "--engine",
                  std::string(YUNZI_STANDIN_KATA_PATH) + " --wild-at 2"});
  const Json done = alice.wait_event("analysis.done", {}, 60s);
  CHECK(done["status"] == "failed");
  CHECK(done["failure"].get<std::string>().find("the server refused a report") != std::string::npos);
  const Json review = alice.ok({{"type", "analysis.get"}, {"game", game}})["analysis"];
  CHECK(review["status"] == "failed");
  // The worker goes on claiming: nothing is left for it.
  CHECK(analyzer.running());
}
