// The admins' review list of short rated games on the real server: a player
// promoted on short games stays listed after the promotion (the rule is
// about exactly those players), the list is paged by name, and an admin
// keeps games (audited) or annuls them to take a player off it.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

std::vector<std::string> names(const Json& players) {
  std::vector<std::string> out;
  for (const Json& player : players) out.push_back(player["user"]["name"].get<std::string>());
  return out;
}

Json short_games_of(const Json& players, const std::string& name) {
  for (const Json& player : players) {
    if (player["user"]["name"] == name) return player["short_games"];
  }
  FAIL("no " << name << " on the review list: " << players.dump());
  return Json();
}

}  // namespace

TEST_CASE("a player promoted on short games stays on the review list until an admin deals with the games",
          "[moderation][review][e2e]") {
  RankedServer ranked;
  Player hero = ranked.registered("hero", "5k");
  std::vector<Player> rivals;
  for (int i = 0; i < 5; ++i) rivals.push_back(ranked.registered("rival" + std::to_string(i), "5k"));
  Player root = ranked.admin();

  // Every game ends by resignation at once: each is short. Ten wins and two losses make 4k certain.
  std::vector<std::int64_t> games;
  for (int i = 0; i < 10; ++i) games.push_back(play_rated_win(hero, rivals[i % 5], hero).game);
  games.push_back(play_rated_win(hero, rivals[0], rivals[0]).game);
  const RatedGame promoting = play_rated_win(rivals[1], hero, rivals[1]);
  games.push_back(promoting.game);
  REQUIRE(promoting.end["rank_changes"].size() == 1);
  CHECK(hero.wait_event("rank.change")["to"] == "4k");

  // The promotion started a new block; the player is listed all the same, at the new rank.
  const Json all = root.ok({{"type", "admin.review"}});
  CHECK(names(all["players"]) == std::vector<std::string>{"hero", "rival0", "rival1"});
  CHECK(all["players"][0]["user"]["rank"] == "4k");
  CHECK(all["players"][0]["short_games"] == Json(games));
  CHECK_FALSE(all.contains("next"));

  // Paged by name: `next` names the last player of a full page when more follow.
  const Json first = root.ok({{"type", "admin.review"}, {"limit", 2}});
  CHECK(names(first["players"]) == std::vector<std::string>{"hero", "rival0"});
  REQUIRE(first.contains("next"));
  CHECK(first["next"] == "rival0");
  const Json second = root.ok({{"type", "admin.review"}, {"limit", 2}, {"after", first["next"]}});
  CHECK(names(second["players"]) == std::vector<std::string>{"rival1"});
  CHECK_FALSE(second.contains("next"));

  // Kept: one of rival0's three games leaves two, off the list; recorded in the audit log.
  const std::int64_t kept_game = short_games_of(all["players"], "rival0")[0].get<std::int64_t>();
  const Json kept = root.ok({{"type", "admin.keep_short_games"},
                             {"user", "rival0"},
                             {"games", {kept_game}},
                             {"reason", "a fair opening blunder"}});
  CHECK(kept["games"] == Json{kept_game});
  const Json entry = root.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"][0];
  CHECK(entry["action"] == "admin.keep_short_games");
  CHECK(entry["target"] == "rival0");
  CHECK(entry["reason"] == "a fair opening blunder");
  CHECK(names(root.ok({{"type", "admin.review"}})["players"]) == std::vector<std::string>{"hero", "rival1"});

  // The same game still awaits review for the hero, who played it too.
  CHECK(short_games_of(root.ok({{"type", "admin.review"}})["players"], "hero").size() == 12);
  const Json again =
      root.fails({{"type", "admin.keep_short_games"}, {"user", "rival0"}, {"games", {kept_game}}, {"reason", "twice"}});
  CHECK(again["code"] == "conflict");
  CHECK(root.fails({{"type", "admin.keep_short_games"}, {"user", "nobody"}, {"reason", "x"}})["code"] == "not_found");
  CHECK(root.fails(
            {{"type", "admin.keep_short_games"}, {"user", "hero"}, {"games", {999999}}, {"reason", "x"}})["code"] ==
        "not_found");

  // Every game of the hero at once; an annulment takes rival1 off.
  const Json all_kept = root.ok({{"type", "admin.keep_short_games"}, {"user", "hero"}, {"reason", "reviewed"}});
  CHECK(all_kept["games"] == Json(games));
  root.ok({{"type", "admin.annul"}, {"game", short_games_of(all["players"], "rival1")[0]}, {"reason", "arranged"}});
  CHECK(root.ok({{"type", "admin.review"}})["players"] == Json::array());
  CHECK(hero.fails({{"type", "admin.keep_short_games"}, {"user", "hero"}, {"reason", "x"}})["code"] == "forbidden");
}
