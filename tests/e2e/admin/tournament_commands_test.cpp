// yunzi-admin's tournament commands against the real yunzi-server: a
// tournament created, edited, listed, started and ended from the command
// line, played by real WebSocket clients; the bonus points of the final
// places reach the association policy's promotion average; ending a
// tournament in registration, with a round waiting and with a round in play.
#include <catch2/catch.hpp>

#include <thread>

#include "tests/e2e/admin/rank_tools.hpp"
#include "tests/e2e/server/game_helpers.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using admin_tests::contains;
using admin_tests::RankTools;

namespace {

// The id in "created tournament 7 ...".
std::string created_id(const std::string& out) {
  const std::string lead = "created tournament ";
  REQUIRE(out.starts_with(lead));
  return out.substr(lead.size(), out.find(' ', lead.size()) - lead.size());
}

Json info_of(Player& asker, const std::string& id) {
  return asker.ok({{"type", "tournament.info"}, {"tournament", std::stoll(id)}})["tournament"];
}

// Asks until `done` holds for the tournament's details.
Json wait_info(Player& asker, const std::string& id, const std::function<bool(const Json&)>& done) {
  for (int attempt = 0; attempt < 400; ++attempt) {
    const Json info = info_of(asker, id);
    if (done(info)) return info;
    std::this_thread::sleep_for(50ms);
  }
  FAIL("tournament " << id << " did not reach the expected state: " << info_of(asker, id).dump());
  return {};
}

// The pairings of round 1 once its games exist.
Json started_round_one(Player& asker, const std::string& id) {
  for (int attempt = 0; attempt < 400; ++attempt) {
    if (info_of(asker, id)["round"].get<int>() >= 1) {
      const Json list = asker.ok({{"type", "tournament.pairings"}, {"tournament", std::stoll(id)}, {"round", 1}});
      bool started = !list["pairings"].empty();
      for (const Json& p : list["pairings"]) started &= p["white"].is_null() || !p["game"].is_null();
      if (started) return list["pairings"];
    }
    std::this_thread::sleep_for(50ms);
  }
  FAIL("round 1 of tournament " << id << " did not start");
  return {};
}

// White resigns every game of the list.
void white_resigns(const Json& pairings, std::map<std::string, Player*>& players) {
  for (const Json& p : pairings) {
    if (p["white"].is_null()) continue;
    resign_once_live(*players.at(p["white"].get<std::string>()), p["game"]);
  }
}

std::string summary_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["rank_progress"]["summary"];
}

}  // namespace

TEST_CASE("yunzi-admin creates, edits, starts and lists a tournament whose bonus reaches the promotion average",
          "[admin][live][tournament]") {
  RankTools tools(ServerOptions{{"--ranking-policy", "association"}});
  Player root = tools.ranked.admin();
  const std::string id =
      created_id(tools.ok({"tournament-create", "Club 升段赛", "--rounds", "3", "--groups", "dan:1d-9d", "--bonus",
                           "4,1", "--size", "9", "--rated", "no", "--registration-minutes", "60", "--round-gap", "0"}));
  CHECK(tools.ok({"tournament-edit", id, "--name", "Winter cup", "--rounds", "1", "--reason", "one evening"}) ==
        "edited tournament " + id + ": name, rounds\n");
  const std::string listed = tools.ok({"tournaments"});
  CHECK(contains(listed, "Winter cup"));
  CHECK(contains(listed, "registration"));
  CHECK(contains(listed, "0/1"));
  Json info = info_of(root, id);
  CHECK(info["name"] == "Winter cup");
  CHECK(info["settings"]["size"] == 9);
  CHECK(info["bonus"] == Json::array({4, 1}));

  // Mistakes stop at the command line (2) or at the server (1), and change nothing.
  CHECK(tools.as_root({"tournament-edit", id}).exit_code == 2);
  CHECK(tools.as_root({"tournament-edit", id, "--bonus", "3,x"}).exit_code == 2);
  CHECK(tools.as_root({"tournament-create", "Late", "--rounds", "2", "--round-times", "2030-13-01T10:00"}).exit_code ==
        2);
  const auto two_times = tools.as_root({"tournament-edit", id, "--round-times", "2030-01-01T10:00,2030-01-02T10:00"});
  CHECK(two_times.exit_code == 1);
  CHECK(contains(two_times.err, "one time per round"));
  CHECK(info_of(root, id)["round_start"] == "when_done");

  Player ann = tools.ranked.registered("ann", "1d");
  Player bob = tools.ranked.registered("bob", "1d");
  for (Player* p : {&ann, &bob}) p->ok({{"type", "tournament.register"}, {"tournament", std::stoll(id)}});
  const auto regroup = tools.as_root({"tournament-edit", id, "--groups", "all:10k-9d"});
  CHECK(regroup.exit_code == 1);
  CHECK(contains(regroup.err, "conflict"));

  CHECK(tools.ok({"tournament-start", id}) == "started tournament " + id + ": registration is closed\n");
  std::map<std::string, Player*> players{{"ann", &ann}, {"bob", &bob}};
  const Json round = started_round_one(root, id);
  REQUIRE(round.size() == 1);
  white_resigns(round, players);
  info = wait_info(root, id, [](const Json& t) { return t["status"] == "finished"; });
  CHECK(info["round"] == 1);
  CHECK(tools.as_root({"tournament-edit", id, "--name", "Too late"}).exit_code == 1);
  CHECK(tools.as_root({"tournament-end", id, "--reason", "again"}).exit_code == 1);

  const std::string winner = round[0]["black"], second = round[0]["white"];
  const Json standings = root.ok({{"type", "tournament.standings"}, {"tournament", std::stoll(id)}})["standings"];
  REQUIRE(standings.size() == 2);
  CHECK(standings[0]["name"] == winner);
  CHECK(standings[0]["bonus"] == 4);
  CHECK(standings[1]["bonus"] == 1);
  // The game was friendly, so no responsibility game counts yet; the points wait in the average.
  CHECK(contains(summary_of(root, winner), "(with 4 tournament bonus points added to the average)"));
  CHECK(contains(summary_of(root, second), "(with 1 tournament bonus point added to the average)"));

  const std::string audit = tools.ok({"audit", "--limit", "5"});
  for (const char* action : {"tournament.create", "tournament.edit", "tournament.start"})
    CHECK(contains(audit, action));
}

TEST_CASE("yunzi-admin ends a tournament in registration, with a round waiting and with a round in play",
          "[admin][live][tournament]") {
  RankTools tools;
  Player root = tools.ranked.admin();
  std::vector<Player> field;
  std::map<std::string, Player*> players;
  for (const char* name : {"p1", "p2", "p3", "p4"}) field.push_back(tools.ranked.registered(name, "5k"));
  for (Player& p : field) players[p.name()] = &p;
  const auto create = [&](const std::string& name, const std::string& gap) {
    const std::string id = created_id(
        tools.ok({"tournament-create", name, "--rounds", "3", "--size", "9", "--rated", "no", "--round-gap", gap}));
    for (Player& p : field) p.ok({{"type", "tournament.register"}, {"tournament", std::stoll(id)}});
    return id;
  };

  const std::string unplayed = create("Unplayed", "0");
  CHECK(tools.ok({"tournament-end", unplayed, "--reason", "no hall"}) == "ended tournament " + unplayed + "\n");
  Json info = info_of(root, unplayed);
  CHECK(info["status"] == "finished");
  CHECK(info["round"] == 0);

  // Round 1 is paired an hour ahead of its start: ending drops it.
  const std::string waiting = create("Waiting", "3600");
  tools.ok({"tournament-start", waiting});
  wait_info(root, waiting, [](const Json& t) { return t["round"] == 1; });
  tools.ok({"tournament-end", waiting, "--reason", "storm"});
  info = wait_info(root, waiting, [](const Json& t) { return t["status"] == "finished"; });
  CHECK(info["round"] == 0);
  CHECK(root.fails({{"type", "tournament.pairings"}, {"tournament", std::stoll(waiting)}, {"round", 1}})["code"] ==
        "not_found");

  // Round 1 in play: it becomes the last, and the tournament ends when its games do.
  const std::string playing = create("Playing", "0");
  tools.ok({"tournament-start", playing});
  const Json round = started_round_one(root, playing);
  REQUIRE(round.size() == 2);
  tools.ok({"tournament-end", playing, "--reason", "short evening"});
  info = info_of(root, playing);
  CHECK(info["status"] == "running");
  CHECK(info["rounds"] == 1);
  white_resigns(round, players);
  info = wait_info(root, playing, [](const Json& t) { return t["status"] == "finished"; });
  CHECK(info["round"] == 1);
  const Json standings = root.ok({{"type", "tournament.standings"}, {"tournament", std::stoll(playing)}});
  CHECK(standings["round"] == 1);
  std::map<std::string, int> expected_scores;
  for (const Json& p : round) {
    expected_scores[p["black"]] = 1;  // White resigned
    expected_scores[p["white"]] = 0;
  }
  REQUIRE(standings["standings"].size() == 4);
  for (const Json& s : standings["standings"]) CHECK(s["score"] == expected_scores.at(s["name"]));
  std::string audit = tools.ok({"audit", "--limit", "3"});
  CHECK(contains(audit, "tournament.end"));
  CHECK(contains(audit, "short evening"));
}
