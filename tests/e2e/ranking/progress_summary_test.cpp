// rank_progress.summary says exactly what the next results do: it comes from
// the decision the server applies after every game. A 5k who has lost 10
// games of the block is demoted by the 14th loss, straight to 7k; losses 11
// to 13 change nothing.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

std::string summary_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["rank_progress"]["summary"].get<std::string>();
}

}  // namespace

TEST_CASE("the summary after ten losses at 5k names the loss that demotes, and it does", "[ranking][e2e]") {
  RankedServer ranked;
  Player hero = ranked.registered("hero", "5k");
  std::vector<Player> rivals;
  for (int i = 0; i < 5; ++i) rivals.push_back(ranked.registered("rival" + std::to_string(i), "5k"));

  int played = 0;
  const auto lose = [&] {
    Player& rival = rivals[static_cast<std::size_t>(played++ % 5)];
    return play_rated_win(hero, rival, rival);
  };
  for (int i = 0; i < 10; ++i) lose();
  CHECK(summary_of(hero, "hero") == "4 more losses in a row demote to 7k");

  // From the 11th loss on two wins would end the block at 6k, which is a demotion too.
  for (const char* summary : {"2 more wins in a row demote to 6k; 3 more losses in a row demote to 7k",
                              "2 more wins in a row demote to 6k; 2 more losses in a row demote to 7k",
                              "2 more wins in a row demote to 6k; 1 more loss demotes to 7k"}) {
    const RatedGame game = lose();
    CHECK(game.end["rank_changes"] == Json::array());
    CHECK(rank_of(hero, "hero") == "5k");
    CHECK(summary_of(hero, "hero") == summary);
  }
  const RatedGame demoting = lose();
  REQUIRE(demoting.end["rank_changes"].size() == 1);
  CHECK(demoting.end["rank_changes"][0]["from"] == "5k");
  CHECK(demoting.end["rank_changes"][0]["to"] == "7k");
  CHECK(rank_of(hero, "hero") == "7k");
}
