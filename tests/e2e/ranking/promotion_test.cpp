// The TOM table on the real server: a 5k plays rated games against five
// different 5k opponents, each ended by resignation, and is promoted at the
// game that makes 4k certain; the promotion is in game.end, in rank.change,
// in the stored rank history and in user.info, also after a restart.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

struct Block {
  std::vector<Player> opponents;
  std::vector<std::int64_t> wins;  // the hero's won games, in order
  std::vector<std::int64_t> losses;
};

// Ten wins (two against each opponent, never two against one in a row) and
// then losses until the promotion comes.
Block play_to_promotion(RankedServer& ranked, Player& hero) {
  Block block;
  for (int i = 0; i < 5; ++i) block.opponents.push_back(ranked.registered("rival" + std::to_string(i), "5k"));

  for (int i = 0; i < 10; ++i) {
    Player& rival = block.opponents[i % 5];
    const RatedGame won = play_rated_win(hero, rival, hero);
    INFO("win " << i + 1 << ": " << won.end.dump());
    // 14 wins are still within reach, so the block goes on: no change before it is sure.
    CHECK(won.end["rank_changes"] == Json::array());
    block.wins.push_back(won.game);
  }
  const Json progress = hero.ok({{"type", "user.info"}, {"name", hero.name()}})["rank_progress"];
  CHECK(progress["games"] == 10);
  CHECK(progress["wins"] == 10);
  CHECK(progress["losses"] == 0);
  CHECK(progress["block_size"] == 15);
  CHECK(progress["summary"].get<std::string>().find("4k") != std::string::npos);

  // The first loss leaves 14 wins possible; the second makes +1 certain.
  const RatedGame first_loss = play_rated_win(hero, block.opponents[0], block.opponents[0]);
  CHECK(first_loss.end["rank_changes"] == Json::array());
  block.losses.push_back(first_loss.game);
  const RatedGame second_loss = play_rated_win(block.opponents[1], hero, block.opponents[1]);
  block.losses.push_back(second_loss.game);
  return block;
}

}  // namespace

TEST_CASE("ten wins against five opponents and two losses promote a 5k to 4k", "[ranking][e2e]") {
  RankedServer ranked;
  Player hero = ranked.registered("hero", "5k");
  Block block = play_to_promotion(ranked, hero);
  const std::int64_t promoting_game = block.losses.back();

  // game.end carries the change (seen here by the winner of that game).
  check_promotion(block.opponents[1].history(promoting_game).back(), "hero", "5k", "4k", promoting_game);

  const Json told = hero.wait_event("rank.change");
  CHECK(told["name"] == "hero");
  CHECK(told["from"] == "5k");
  CHECK(told["to"] == "4k");
  CHECK(told["game"] == promoting_game);

  const Json info = hero.ok({{"type", "user.info"}, {"name", "hero"}});
  CHECK(info["user"]["rank"] == "4k");
  CHECK(info["wins"] == 10);
  CHECK(info["losses"] == 2);
  CHECK(info["rank_progress"]["games"] == 0);  // a new block at 4k
  for (const Player& rival : block.opponents) CHECK(rank_of(hero, rival.name()) == "5k");

  // The stored history survives a restart of the server.
  REQUIRE(ranked.server.stop());
  REQUIRE(ranked.server.start());
  Player again(ranked.server.port(), "hero");
  again.login();
  const Json history = again.ok({{"type", "user.history"}, {"name", "hero"}})["history"];
  REQUIRE(history.size() == 1);
  CHECK(history[0]["from"] == "5k");
  CHECK(history[0]["to"] == "4k");
  CHECK(history[0]["reason"] == "promotion");
  CHECK(history[0]["game"] == promoting_game);
  CHECK(rank_of(again, "hero") == "4k");

  // The lobby and the next rated game see the new rank.
  const Json lobby = again.ok({{"type", "lobby.watch"}});
  bool listed = false;
  for (const Json& user : lobby["users"]) {
    if (user["name"] == "hero") {
      listed = true;
      CHECK(user["rank"] == "4k");
    }
  }
  CHECK(listed);
}

TEST_CASE("an annulled win undoes the promotion it completed", "[ranking][moderation][e2e]") {
  RankedServer ranked;
  Player hero = ranked.registered("hero", "5k");
  Block block = play_to_promotion(ranked, hero);
  hero.wait_event("rank.change");
  REQUIRE(rank_of(hero, "hero") == "4k");

  Player root = ranked.admin();
  const std::int64_t annulled = block.wins[3];
  root.ok({{"type", "admin.annul"}, {"game", annulled}, {"reason", "arranged game"}});

  // With 9 wins in 11 counted games the block at 5k goes on.
  const Json told = hero.wait_event("rank.change");
  CHECK(told["from"] == "4k");
  CHECK(told["to"] == "5k");
  CHECK(told["reason"] == "annulment");
  const Json notice = hero.wait_event("notice");
  CHECK(notice["text"].get<std::string>().find(std::to_string(annulled)) != std::string::npos);

  const Json info = hero.ok({{"type", "user.info"}, {"name", "hero"}});
  CHECK(info["user"]["rank"] == "5k");
  CHECK(info["rank_progress"]["games"] == 11);
  CHECK(info["rank_progress"]["wins"] == 9);
  CHECK(info["rank_progress"]["losses"] == 2);
  CHECK(hero.ok({{"type", "user.history"}, {"name", "hero"}})["history"] == Json::array());

  // The opponent's loss no longer counts either; their rank never changed.
  const Player& rival = block.opponents[3];
  const Json rival_info = hero.ok({{"type", "user.info"}, {"name", rival.name()}});
  CHECK(rival_info["user"]["rank"] == "5k");
  CHECK(rival_info["rank_progress"]["losses"] == 1);

  // On the record, and refused a second time.
  const Json audit = root.ok({{"type", "admin.audit"}, {"limit", 5}})["entries"];
  REQUIRE(!audit.empty());
  CHECK(audit[0]["action"] == "admin.annul");
  CHECK(audit[0]["admin"] == "root");
  CHECK(audit[0]["target"] == "game " + std::to_string(annulled));
  CHECK(audit[0]["reason"] == "arranged game");
  CHECK(root.fails({{"type", "admin.annul"}, {"game", annulled}, {"reason", "again"}})["code"] == "conflict");
  CHECK(root.fails({{"type", "admin.annul"}, {"game", 999999}, {"reason", "none"}})["code"] == "not_found");

  // One more win makes 10 of 12, with +2 out of reach: the promotion comes back, at that game.
  const RatedGame promoting = play_rated_win(hero, block.opponents[4], hero);
  REQUIRE(promoting.end["rank_changes"].size() == 1);
  CHECK(promoting.end["rank_changes"][0]["to"] == "4k");
  CHECK(promoting.end["rank_changes"][0]["game"] == promoting.game);
}

TEST_CASE("under the association policy a dan player's progress is an average, not a block", "[ranking][e2e]") {
  RankedServer ranked(ServerOptions{{"--ranking-policy", "association"}});
  Player first = ranked.registered("firstdan", "1d");
  Player second = ranked.registered("seconddan", "1d");
  const RatedGame won = play_rated_win(first, second, first);
  // Dan promotions wait for the monthly publication.
  CHECK(won.end["rank_changes"] == Json::array());

  const Json progress = first.ok({{"type", "user.info"}, {"name", "firstdan"}})["rank_progress"];
  CHECK(progress["block_size"] == 0);
  CHECK(progress["games"] == 1);
  CHECK(progress["wins"] == 1);
  CHECK_FALSE(progress["summary"].get<std::string>().empty());
  CHECK(rank_of(first, "firstdan") == "1d");
}

TEST_CASE("the same dan game under the TOM table counts in a block of 20", "[ranking][e2e]") {
  RankedServer ranked;
  Player first = ranked.registered("firstdan", "1d");
  Player second = ranked.registered("seconddan", "1d");
  play_rated_win(first, second, first);
  const Json progress = first.ok({{"type", "user.info"}, {"name", "firstdan"}})["rank_progress"];
  CHECK(progress["block_size"] == 20);
  CHECK(progress["games"] == 1);
}
