// Admin actions and their effects on the real server, each on the record in
// the audit log: a ban ends the banned player's game by forfeit, a mute
// stops chat, the review list names a player with many short rated games,
// and the recommendation requests refuse what the rules do not allow.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json last_audit(Player& admin) {
  const Json entries = admin.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"];
  REQUIRE(entries.size() == 1);
  return entries[0];
}

}  // namespace

TEST_CASE("a ban disconnects the player, loses their game by forfeit and refuses their login", "[moderation][e2e]") {
  RankedServer ranked;
  Player mallory = ranked.registered("mallory");
  Player bob = ranked.registered("bob");
  const Json sent = bob.ok({{"type", "challenge"}, {"to", "mallory"}, {"settings", rated_settings()}});
  const auto challenge = sent["challenge"]["id"].get<std::int64_t>();
  mallory.wait_event("challenge");
  const auto game = mallory.ok({{"type", "challenge.accept"}, {"challenge", challenge}})["game"].get<std::int64_t>();
  const Json start = bob.wait_game_event(game, "game.start");
  const bool mallory_black = start["black"]["name"] == "mallory";

  Player root = ranked.admin();
  root.ok({{"type", "admin.ban"}, {"user", "mallory"}, {"minutes", 60}, {"reason", "abuse in chat"}});

  const Json kicked = mallory.wait_event("kicked");
  CHECK(kicked["reason"] == "abuse in chat");
  const Json end = bob.wait_game_event(game, "game.end");
  CHECK(end["result"] == (mallory_black ? "W+F" : "B+F"));
  CHECK(end["reason"] == "forfeit");

  Player again(ranked.server.port(), "mallory");
  again.connect();
  const Json refused = again.fails({{"type", "login"}, {"name", "mallory"}, {"password", again.password()}});
  CHECK(refused["code"] == "banned");

  const Json entry = last_audit(root);
  CHECK(entry["action"] == "admin.ban");
  CHECK(entry["target"] == "mallory");
  CHECK(entry["reason"] == "abuse in chat");

  root.ok({{"type", "admin.unban"}, {"user", "mallory"}, {"reason", "appeal accepted"}});
  again.login();
  CHECK(last_audit(root)["action"] == "admin.unban");
}

TEST_CASE("a muted player cannot chat; the others can", "[moderation][e2e]") {
  RankedServer ranked;
  Player alice = ranked.registered("alice");
  Player bob = ranked.registered("bob");
  const Json sent = alice.ok({{"type", "challenge"}, {"to", "bob"}, {"settings", rated_settings()}});
  bob.wait_event("challenge");
  const auto game =
      bob.ok({{"type", "challenge.accept"}, {"challenge", sent["challenge"]["id"]}})["game"].get<std::int64_t>();
  alice.wait_game_event(game, "game.start");

  Player root = ranked.admin();
  root.ok({{"type", "admin.mute"}, {"user", "alice"}, {"minutes", 30}, {"reason", "spam"}});
  CHECK(alice.fails({{"type", "game.chat"}, {"game", game}, {"text", "hello"}})["code"] == "muted");
  bob.ok({{"type", "game.chat"}, {"game", game}, {"text", "hello"}});
  CHECK(alice.wait_game_event(game, "game.chat")["text"] == "hello");
  CHECK(last_audit(root)["action"] == "admin.mute");
}

TEST_CASE("three short rated games put a player on the review list", "[moderation][e2e]") {
  RankedServer ranked;
  Player quick = ranked.registered("quick", "3k");
  std::vector<Player> rivals;
  for (int i = 0; i < 3; ++i) rivals.push_back(ranked.registered("slow" + std::to_string(i), "3k"));
  Player root = ranked.admin();

  std::vector<std::int64_t> games;
  for (int i = 0; i < 2; ++i) games.push_back(play_rated_win(quick, rivals[i], quick).game);
  CHECK(root.ok({{"type", "admin.review"}})["players"] == Json::array());

  games.push_back(play_rated_win(quick, rivals[2], quick).game);
  const Json players = root.ok({{"type", "admin.review"}})["players"];
  // Each rival has one short game; only the player with three is listed.
  REQUIRE(players.size() == 1);
  CHECK(players[0]["user"]["name"] == "quick");
  CHECK(players[0]["user"]["rank"] == "3k");
  CHECK(players[0]["short_games"] == Json(games));

  // An annulled game has been dealt with: the player drops off the list.
  root.ok({{"type", "admin.annul"}, {"game", games[0]}, {"reason", "reviewed"}});
  CHECK(root.ok({{"type", "admin.review"}})["players"] == Json::array());
}

TEST_CASE("recommendations to 6d are refused to those the rules do not entitle", "[ranking][moderation][e2e]") {
  RankedServer ranked;
  Player nine = ranked.registered("ninedan", "1d");
  Player rising = ranked.registered("rising", "1d");
  Player root = ranked.admin();

  const Json not_nine = nine.fails({{"type", "rank.recommend"}, {"user", "rising"}});
  CHECK(not_nine["code"] == "forbidden");
  CHECK(not_nine["message"].get<std::string>().find("9d") != std::string::npos);

  root.ok({{"type", "admin.set_rank"}, {"user", "ninedan"}, {"rank", "9d"}, {"reason", "verified"}});
  CHECK(nine.wait_event("rank.change")["to"] == "9d");
  const Json no_games = nine.fails({{"type", "rank.recommend"}, {"user", "rising"}});
  CHECK(no_games["code"] == "forbidden");
  CHECK(no_games["message"].get<std::string>().find("30 counted games") != std::string::npos);
  CHECK(nine.fails({{"type", "rank.recommend"}, {"user", "nobody-here"}})["code"] == "not_found");
  CHECK(rank_of(root, "rising") == "1d");

  const Json none =
      root.fails({{"type", "admin.revoke_recommendation"}, {"user", "rising"}, {"to", "former"}, {"reason", "check"}});
  CHECK(none["code"] == "not_found");
}
