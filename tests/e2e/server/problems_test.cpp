// Life-and-death problems over the wire: the starter library seeded at
// start and listed to a visitor with the day's problem; an admin's import
// (a good problem, a broken text, a goal the solver refutes; forbidden to a
// player); attempts solved by the tree, failed with the refutation, judged
// by the solver off the tree, refused as illegal or over; a retry (unrated),
// a hint (the rated attempt counts as failed), the attempt resumed after a
// reconnection, and bad input.
#include <catch2/catch.hpp>

#include "tests/e2e/server/admin_access.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// White's bent three in the corner (A19, B19, A18 empty inside C19..A17): black kills at the vital point A19.
// No region stated: the stones' rectangle, A19..D16, whose only other empty point is D16.
const std::string bent_three_position = "AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]";
std::string kill_problem(const std::string& title) {
  return "(;GM[1]FF[4]CA[UTF-8]SZ[19]PL[B]YG[kill]YT[ca]GN[" + title + "]C[Black to kill]YH[corner]YD[18k]" +
         bent_three_position + "(;B[aa];W[ba];B[ab]C[RIGHT])(;B[ba];W[aa]C[WRONG]))";
}
// White to move cannot take black's wall, which reaches out of the region: a goal the solver refutes.
const std::string refuted_problem =
    "(;GM[1]FF[4]SZ[19]PL[W]YG[kill]YT[da]GN[Impossible]" + bent_three_position + "(;W[aa]C[RIGHT]))";

Json move(Player& player, std::int64_t problem, const std::string& vertex) {
  return player.ok({{"type", "problem.move"}, {"problem", problem}, {"move", vertex}});
}

std::int64_t imported_id(Player& admin, const std::string& sgf, const Json& themes) {
  const Json reply = admin.ok({{"type", "problem.import"}, {"sgf", sgf}, {"themes", themes}});
  REQUIRE(reply["imported"].size() == 1);
  return reply["imported"][0]["id"].get<std::int64_t>();
}

// A server with an admin account, and the problem the admin imported (black to kill, known answer).
struct ProblemScene {
  ServerFixture fx;
  std::int64_t problem = 0;

  ProblemScene() {
    fx.registered("curator");
    REQUIRE(fx.server.stop());
    make_admin(fx.server, "curator");
    REQUIRE(fx.server.start());
    Player curator = fx.player("curator");
    curator.connect();
    curator.login();
    problem = imported_id(curator, kill_problem("Imported bent three"), Json::array({"imported"}));
  }
};

}  // namespace

TEST_CASE("a visitor lists the themes, the library and the day's problem", "[server][problems]") {
  ServerFixture fx;
  Player visitor = fx.player("visitor");
  visitor.connect();
  const Json front = visitor.ok({{"type", "problem.themes"}});
  CHECK(front["total"].get<int>() >= 2);
  REQUIRE(front["themes"].size() >= 1);
  CHECK(front["themes"][0]["count"].get<int>() >= 2);
  REQUIRE(front["daily"].is_object());
  CHECK(front["daily"]["solved"].is_null());

  const Json daily = visitor.ok({{"type", "problem.get"}, {"daily", true}});
  CHECK(daily["problem"]["id"] == front["daily"]["id"]);
  CHECK(daily["problem"]["size"] == 19);
  CHECK(daily["problem"]["view"].size() == 2);
  CHECK_FALSE(daily["problem"]["black"].empty());
  CHECK_FALSE(daily.contains("attempt"));
  // The same problem again: the day's pick does not move within a day.
  CHECK(visitor.ok({{"type", "problem.themes"}})["daily"]["id"] == front["daily"]["id"]);

  const Json list = visitor.ok({{"type", "problem.list"}, {"grade_to", "10k"}});
  CHECK(list["problems"].size() >= 2);
  CHECK(list["problems"][0]["grade"] == "18k");
  const Json page = visitor.ok({{"type", "problem.list"}, {"limit", 1}});
  REQUIRE(page["problems"].size() == 1);
  const Json next =
      visitor.ok({{"type", "problem.list"}, {"limit", 1}, {"after", page["problems"][0]["id"].get<std::int64_t>()}});
  REQUIRE(next["problems"].size() == 1);
  CHECK(next["problems"][0]["id"] != page["problems"][0]["id"]);

  CHECK(visitor.fails({{"type", "problem.move"}, {"problem", 1}, {"move", "A19"}})["code"] == "unauthenticated");
  CHECK(visitor.fails({{"type", "problem.get"}, {"problem", 999}})["code"] == "not_found");
  CHECK(visitor.fails({{"type", "problem.stats"}, {"user", "nobody"}})["code"] == "not_found");
}

TEST_CASE("the starter library is seeded once, and not at all when it is turned off", "[server][problems]") {
  {
    ServerFixture fx;
    Player visitor = fx.player("visitor");
    visitor.connect();
    const int total = visitor.ok({{"type", "problem.themes"}})["total"].get<int>();
    REQUIRE(fx.server.stop());
    REQUIRE(fx.server.start());
    visitor.set_port(fx.server.port());
    visitor.connect();
    CHECK(visitor.ok({{"type", "problem.themes"}})["total"].get<int>() == total);
  }
  ServerOptions options;
  options.extra_args = {"--problem-library", "false"};
  ServerFixture bare(options);
  Player visitor = bare.player("visitor");
  visitor.connect();
  const Json front = visitor.ok({{"type", "problem.themes"}});
  CHECK(front["total"] == 0);
  CHECK(front["daily"].is_null());
  CHECK(visitor.fails({{"type", "problem.get"}, {"daily", true}})["code"] == "not_found");
}

TEST_CASE("an admin imports problems the solver verifies; others may not", "[server][problems]") {
  ProblemScene scene;
  Player curator = scene.fx.player("curator");
  curator.connect();
  curator.login();

  const Json broken = curator.ok({{"type", "problem.import"}, {"sgf", "(;GM[1]SZ[19]AB[aa"}});
  CHECK(broken["imported"].empty());
  REQUIRE(broken["rejected"].size() == 1);
  CHECK_FALSE(broken["rejected"][0]["reason"].get<std::string>().empty());

  const Json mixed = curator.ok({{"type", "problem.import"}, {"sgf", kill_problem("Second") + refuted_problem}});
  CHECK(mixed["imported"].size() == 1);
  REQUIRE(mixed["rejected"].size() == 1);
  CHECK(mixed["rejected"][0]["index"] == 1);
  CHECK_FALSE(mixed["rejected"][0]["reason"].get<std::string>().empty());

  const Json themed = curator.ok({{"type", "problem.list"}, {"theme", "imported"}});
  REQUIRE(themed["problems"].size() == 1);
  CHECK(themed["problems"][0]["id"] == scene.problem);
  CHECK(themed["problems"][0]["goal"] == "kill");
  CHECK(themed["problems"][0]["to_move"] == "black");

  Player alice = scene.fx.registered("alice");
  CHECK(alice.fails({{"type", "problem.import"}, {"sgf", kill_problem("Mine")}})["code"] == "forbidden");
}

TEST_CASE("attempts: solved by the tree and rated, failed, off the tree, illegal, over", "[server][problems]") {
  ProblemScene scene;
  const std::int64_t problem = scene.problem;
  Player alice = scene.fx.registered("alice");

  const Json first = move(alice, problem, "A19");
  CHECK(first["outcome"] == "continue");
  CHECK(first["reply"] == "B19");
  CHECK(first["attempt"]["rated"] == true);
  CHECK(first["attempt"]["moves"] == Json::array({"A19", "B19"}));
  CHECK(alice.fails({{"type", "problem.move"}, {"problem", problem}, {"move", "D19"}})["code"] == "illegal_move");
  const Json solved = move(alice, problem, "A18");
  CHECK(solved["outcome"] == "solved");
  CHECK(solved["attempt"]["state"] == "solved");
  REQUIRE(solved.contains("rating"));
  CHECK(solved["rating"]["change"].get<int>() > 0);
  CHECK(solved["rating"]["rating"].get<int>() > 1500);
  CHECK(alice.fails({{"type", "problem.move"}, {"problem", problem}, {"move", "A18"}})["code"] == "wrong_phase");

  const Json stats = alice.ok({{"type", "problem.stats"}, {"user", "alice"}});
  CHECK(stats["attempts"] == 1);
  CHECK(stats["solved"] == 1);
  CHECK(stats["rating"].get<int>() > 1500);
  const Json shown = alice.ok({{"type", "problem.get"}, {"problem", problem}});
  CHECK(shown["problem"]["solved"] == true);
  CHECK(shown["attempt"]["state"] == "solved");

  // A retry is unrated and starts from the beginning.
  const Json retry = alice.ok({{"type", "problem.retry"}, {"problem", problem}});
  CHECK(retry["attempt"]["rated"] == false);
  CHECK(retry["attempt"]["moves"].empty());
  const Json wrong = move(alice, problem, "B19");
  CHECK(wrong["outcome"] == "failed");
  CHECK(wrong["reply"] == "A19");
  CHECK_FALSE(wrong.contains("rating"));
  CHECK(alice.ok({{"type", "problem.stats"}, {"user", "alice"}})["attempts"] == 2);

  // bob's first attempt: a move the tree does not hold, judged by the solver (white lives at A19).
  Player bob = scene.fx.registered("bob");
  const Json off_tree = move(bob, problem, "D16");
  CHECK(off_tree["outcome"] == "failed");
  CHECK(off_tree["reply"] == "A19");
  REQUIRE(off_tree.contains("rating"));
  CHECK(off_tree["rating"]["change"].get<int>() < 0);
  CHECK(bob.ok({{"type", "problem.stats"}, {"user", "bob"}})["solved"] == 0);
}

TEST_CASE("a hint marks the attempt, and an attempt resumes after a reconnection", "[server][problems]") {
  ProblemScene scene;
  const std::int64_t problem = scene.problem;
  Player carol = scene.fx.registered("carol");
  const Json hint = carol.ok({{"type", "problem.hint"}, {"problem", problem}});
  CHECK(hint["move"] == "A19");
  CHECK(carol.ok({{"type", "problem.get"}, {"problem", problem}})["attempt"]["hinted"] == true);
  move(carol, problem, "A19");
  const Json solved = move(carol, problem, "A18");
  CHECK(solved["outcome"] == "solved");
  // Solved with a hint: rated as failed.
  REQUIRE(solved.contains("rating"));
  CHECK(solved["rating"]["change"].get<int>() < 0);

  Player dave = scene.fx.registered("dave");
  move(dave, problem, "A19");
  dave.drop();
  dave.connect();
  dave.login();
  const Json resumed = dave.ok({{"type", "problem.get"}, {"problem", problem}});
  CHECK(resumed["attempt"]["moves"] == Json::array({"A19", "B19"}));
  CHECK(resumed["attempt"]["state"] == "playing");
  CHECK(move(dave, problem, "A18")["outcome"] == "solved");
}

TEST_CASE("problem requests refuse bad input", "[server][problems]") {
  ServerFixture fx;
  Player erin = fx.registered("erin");
  CHECK(erin.fails({{"type", "problem.move"}, {"problem", 1}, {"move", "I5"}})["code"] == "bad_request");
  CHECK(erin.fails({{"type", "problem.move"}, {"problem", 1}, {"move", "Z99"}})["code"] == "bad_request");
  CHECK(erin.fails({{"type", "problem.get"}, {"problem", 0}})["code"] == "bad_request");
  CHECK(erin.fails({{"type", "problem.retry"}, {"problem", 0}})["code"] == "bad_request");
  CHECK(erin.fails({{"type", "problem.list"}, {"theme", std::string(5000, 'x')}})["code"] == "bad_request");
  CHECK(erin.fails({{"type", "problem.retry"}, {"problem", 4242}})["code"] == "not_found");
  CHECK(erin.fails({{"type", "problem.move"}, {"problem", 4242}, {"move", "A1"}})["code"] == "not_found");
}
