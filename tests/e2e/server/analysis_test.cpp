// The machine's review over the wire, with workers as real bot accounts on
// their own connections: asked for once a game has ended, one review per
// game however many ask, the caps, only bots run reviews, a worker's
// positions checked against the game, progress and the end told to whoever
// asked, the result read by anyone, a worker gone handing its review to the
// next, and a restart that loses nothing.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "tests/e2e/server/admin_access.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// A finished 9x9 game of three moves, Black resigning.
std::int64_t finished_game(Player& black, Player& white) {
  const std::int64_t game = start_game(black, white);
  play_moves(black, white, game, {"E5", "C3", "G7"}, {&black, &white});
  black.ok({{"type", "game.resign"}, {"game", game}});
  white.wait_game_event(game, "game.end");
  return game;
}

Json position(int move, double score) {
  return {{"move", move},
          {"score", score},
          {"best", {{{"vertex", "D4"}, {"score", score + 1}, {"visits", 50}, {"line", {"D4", "F6"}}}}}};
}

Json report(Player& worker, std::int64_t analysis, Json positions) {
  return worker.call({{"type", "analysis.report"}, {"analysis", analysis}, {"positions", std::move(positions)}});
}

}  // namespace

TEST_CASE("a finished game's review: asked once, run by a bot, told to who asked, read by anyone",
          "[server][analysis]") {
  ServerFixture fx(ServerOptions{{"--analysis-open-per-user", "1"}});
  for (const char* name : {"robot", "spare"}) fx.registered(name);
  REQUIRE(fx.server.stop());
  set_role(fx.server, "robot", Role::bot);
  set_role(fx.server, "spare", Role::bot);
  REQUIRE(fx.server.start());
  Player robot = fx.player("robot");
  robot.connect();
  robot.login();
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");

  const std::int64_t live = start_game(alice, bob);
  CHECK(alice.fails({{"type", "analysis.request"}, {"game", live}})["code"] == "conflict");
  alice.ok({{"type", "game.resign"}, {"game", live}});
  bob.wait_game_event(live, "game.end");
  const std::int64_t game = finished_game(alice, bob);

  // Carol asks first, Alice (a player) asks again: one review, queued.
  const Json asked = carol.ok({{"type", "analysis.request"}, {"game", game}})["analysis"];
  CHECK(asked["status"] == "queued");
  CHECK(asked["engine"] == "gnugo");
  CHECK(asked["total"] == 4);
  CHECK(asked["queued_before"] == 0);
  CHECK(alice.ok({{"type", "analysis.request"}, {"game", game}})["analysis"]["status"] == "queued");
  // One open request of Carol's at a time.
  CHECK(carol.fails({{"type", "analysis.request"}, {"game", live}})["code"] == "limit_reached");
  CHECK(carol.fails({{"type", "analysis.request"}, {"game", game + 100}})["code"] == "not_found");

  CHECK(alice.fails({{"type", "analysis.claim"}, {"engine", "gnugo"}})["code"] == "forbidden");
  CHECK(robot.ok({{"type", "analysis.claim"}, {"engine", "katago"}})["job"].is_null());
  const Json job = robot.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
  REQUIRE(job.is_object());
  CHECK(job["game"] == game);
  CHECK(job["size"] == 9);
  CHECK(job["moves"] == Json::array({{{"color", "black"}, {"vertex", "E5"}},
                                     {{"color", "white"}, {"vertex", "C3"}},
                                     {{"color", "black"}, {"vertex", "G7"}}}));
  const std::int64_t analysis = job["analysis"];

  // Positions are checked against the game.
  CHECK(report(robot, analysis, Json::array({position(4, 0)}))["code"] == "bad_request");
  Json off_board = position(1, 0);
  off_board["best"][0]["vertex"] = "T19";
  CHECK(report(robot, analysis, Json::array({off_board}))["code"] == "bad_request");
  CHECK(report(alice, analysis, Json::array({position(0, 0)}))["code"] == "forbidden");

  Json progress = report(robot, analysis, Json::array({position(0, -7), position(1, -6.5)}));
  CHECK(progress["done"] == 2);
  CHECK(progress["total"] == 4);
  for (Player* asker : {&carol, &alice}) {
    const Json told = asker->wait_event("analysis.progress");
    CHECK(told["game"] == game);
    CHECK(told["done"] == 2);
    CHECK(told["status"] == "running");
  }
  CHECK(robot.fails({{"type", "analysis.finish"}, {"analysis", analysis}})["code"] == "conflict");
  report(robot, analysis, Json::array({position(2, 3), position(3, 2.5), position(1, -6)}));
  robot.ok({{"type", "analysis.finish"}, {"analysis", analysis}});
  CHECK(carol.wait_event("analysis.done")["status"] == "done");
  CHECK(alice.wait_event("analysis.done")["done"] == 4);

  // Anyone reads it, a visitor too; the latest report of a position stands.
  Player visitor = fx.player("visitor");
  visitor.connect();
  const Json read = visitor.ok({{"type", "analysis.get"}, {"game", game}})["analysis"];
  CHECK(read["status"] == "done");
  REQUIRE(read["positions"].size() == 4);
  CHECK(read["positions"][1]["score"] == -6);
  CHECK(read["positions"][3]["best"][0]["line"] == Json::array({"D4", "F6"}));
  CHECK(visitor.fails({{"type", "analysis.get"}, {"game", live}})["code"] == "not_found");
  // The game's SGF with the review as comments, for any SGF program.
  auto record =
      yunzi::client::http_get("127.0.0.1", fx.server.port(), "/games/" + std::to_string(game) + ".review.sgf");
  REQUIRE(record);
  CHECK(record->status == 200);
  INFO(record->body);
  CHECK(record->body.find("C[gnugo: W+7.0 · best D4 F6]") != std::string::npos);           // the start: -7
  CHECK(record->body.find("C[gnugo: B+3.0 · best D4 F6]") > record->body.find(";W[cg]"));  // after move 2
  CHECK(record->body.find("C[gnugo: B+2.5 · best D4 F6]") > record->body.find(";B[gc]"));
  auto unreviewed =
      yunzi::client::http_get("127.0.0.1", fx.server.port(), "/games/" + std::to_string(live) + ".review.sgf");
  REQUIRE(unreviewed);
  CHECK(unreviewed->status == 404);
  // Asking again costs nothing and gives the result.
  CHECK(carol.ok({{"type", "analysis.request"}, {"game", game}})["analysis"]["positions"].size() == 4);

  // A worker gone: the review it ran goes to the next worker, started over.
  alice.ok({{"type", "analysis.request"}, {"game", live}});
  const Json second = robot.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
  REQUIRE(second.is_object());
  CHECK(second["game"] == live);
  report(robot, second["analysis"], Json::array({position(0, 0)}));
  robot.drop();
  Player spare = fx.player("spare");
  spare.connect();
  spare.login();
  Json taken;
  for (int i = 0; i < 50 && !taken.is_object(); ++i) {
    taken = spare.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
    if (!taken.is_object()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(taken.is_object());
  CHECK(taken["analysis"] == second["analysis"]);
  CHECK(alice.ok({{"type", "analysis.get"}, {"game", live}})["analysis"]["done"] == 0);
  // A review whose runs end without a result three times (a worker gone counts) is given up; who asked is told.
  spare.ok({{"type", "analysis.fail"}, {"analysis", taken["analysis"]}, {"reason", "the engine died"}});
  for (int run = 0; run < 1; ++run) {
    const Json again = spare.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
    REQUIRE(again.is_object());
    spare.ok({{"type", "analysis.fail"}, {"analysis", again["analysis"]}, {"reason", "the engine died"}});
  }
  const Json given_up = alice.wait_event("analysis.done");
  CHECK(given_up["status"] == "failed");
  CHECK(given_up["failure"] == "the engine died");

  // Waiting and running reviews outlive a restart; the worker gets its own back, started over.
  const std::int64_t third_game = finished_game(alice, bob);
  bob.ok({{"type", "analysis.request"}, {"game", third_game}});
  const Json running = spare.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
  REQUIRE(running.is_object());
  CHECK(running["game"] == third_game);
  report(spare, running["analysis"], Json::array({position(0, 1)}));
  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  spare.set_port(fx.server.port());
  spare.connect();
  spare.login();
  const Json again = spare.ok({{"type", "analysis.claim"}, {"engine", "gnugo"}})["job"];
  REQUIRE(again.is_object());
  CHECK(again["analysis"] == running["analysis"]);
  Player reader = fx.player("bob");
  reader.connect();
  reader.login();
  const Json after_restart = reader.ok({{"type", "analysis.get"}, {"game", third_game}})["analysis"];
  CHECK(after_restart["status"] == "running");
  CHECK(after_restart["done"] == 0);
}
