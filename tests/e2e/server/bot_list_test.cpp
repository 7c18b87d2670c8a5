// Machine opponents over the wire: only bot accounts make offers, every
// field is checked, the offer outlives the bot's connection and a restart,
// and anyone (signed in or not) lists the bots weakest first with who is
// online.
#include <catch2/catch.hpp>

#include "tests/e2e/server/admin_access.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json offer(const std::string& strength) {
  return {{"engine", "GNU Go 3.8"}, {"strength", strength}, {"sizes", {9, 19}},  {"rated", true},
          {"unrated", true},        {"min_handicap", 0},    {"max_handicap", 9}, {"clocks", {"byoyomi", "fischer"}},
          {"seconds_per_move", 5},  {"max_main_s", 3600},   {"max_games", 2}};
}

Json listed(Player& reader) {
  const Json reply = reader.ok({{"type", "bot.list"}});
  // This server runs with the default: bots play friendly games only.
  CHECK(reply["rated"] == false);
  return reply["bots"];
}

}  // namespace

TEST_CASE("bots say what they play and anyone lists them, weakest first", "[server][bots]") {
  ServerFixture fx;
  fx.registered("strong_bot", "3k");
  fx.registered("weak_bot", "10k");
  fx.registered("idle_bot", "9k");
  REQUIRE(fx.server.stop());
  for (const char* bot : {"strong_bot", "weak_bot", "idle_bot"}) set_role(fx.server, bot, Role::bot);
  set_rank(fx.server, "weak_bot", *parse_rank("15k"));
  REQUIRE(fx.server.start());

  Player alice = fx.registered("alice");
  const Json refused = alice.fails({{"type", "bot.offer"}, {"offer", offer("level 1")}});
  CHECK(refused["code"] == "forbidden");

  Player strong = fx.player("strong_bot");
  strong.connect();
  strong.login();
  strong.ok({{"type", "bot.offer"}, {"offer", offer("level 10")}});
  Player weak = fx.player("weak_bot");
  weak.connect();
  weak.login();
  Json bad = offer("level 1");
  bad["sizes"] = {7};
  CHECK(weak.fails({{"type", "bot.offer"}, {"offer", bad}})["code"] == "bad_request");
  bad = offer("level 1");
  bad["min_main_s"] = 7200;
  CHECK(weak.fails({{"type", "bot.offer"}, {"offer", bad}})["message"].get<std::string>().find("below min_main_s") !=
        std::string::npos);
  weak.ok({{"type", "bot.offer"}, {"offer", offer("level 1, 50% loose moves")}});
  // A second offer replaces the first.
  weak.ok({{"type", "bot.offer"}, {"offer", offer("level 1, 60% loose moves")}});

  Json bots = listed(alice);
  REQUIRE(bots.size() == 3);
  CHECK(bots[0]["name"] == "weak_bot");
  CHECK(bots[0]["rank"] == "15k");
  CHECK(bots[0]["role"] == "bot");
  CHECK(bots[0]["online"] == true);
  CHECK(bots[0]["offer"]["strength"] == "level 1, 60% loose moves");
  CHECK(bots[0]["offer"]["sizes"] == Json({9, 19}));
  CHECK(bots[1]["name"] == "idle_bot");
  CHECK(bots[1]["online"] == false);
  CHECK(bots[1]["offer"].is_null());
  CHECK(bots[2]["name"] == "strong_bot");
  CHECK(bots[2]["offer"]["clocks"] == Json({"byoyomi", "fischer"}));
  CHECK(bots[2]["offer"]["min_main_s"] == 0);

  // Kept in the database: after a restart the bots are offline, their offers listed.
  REQUIRE(fx.server.stop());
  REQUIRE(fx.server.start());
  Player stranger = fx.player("nobody");
  stranger.connect();
  bots = listed(stranger);
  REQUIRE(bots.size() == 3);
  CHECK(bots[0]["online"] == false);
  CHECK(bots[0]["offer"]["strength"] == "level 1, 60% loose moves");
  CHECK(bots[2]["offer"]["strength"] == "level 10");
}
