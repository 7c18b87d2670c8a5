// TOM: "与同一人的胜局不能超过3局 ... 改为友谊对局". A fourth win against
// the same opponent, when it would complete a promotion, becomes friendly for
// both players, also when it is the game that has just ended: it counts
// neither as the winner's win nor as the loser's loss.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json progress_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["rank_progress"];
}

}  // namespace

TEST_CASE("a win turned friendly as its game ends counts for neither player", "[ranking][e2e]") {
  RankedServer ranked;
  Player winner = ranked.registered("winner", "10k");
  Player loser = ranked.registered("loser", "10k");
  std::vector<Player> others;
  for (int i = 0; i < 4; ++i) others.push_back(ranked.registered("other" + std::to_string(i), "10k"));

  // The winner: three wins against the loser, six against the others, two losses: 9 of 11.
  for (int i = 0; i < 3; ++i) play_rated_win(winner, loser, winner);
  for (int i = 0; i < 6; ++i) play_rated_win(winner, others[i % 4], winner);
  for (int i = 2; i < 4; ++i) play_rated_win(winner, others[i], others[i]);
  // The loser: those three losses, four wins and seven more losses: 4 of 14, one game
  // from the end of the block, where 4 wins of 15 would demote to 11k.
  for (int i = 0; i < 4; ++i) play_rated_win(loser, others[i], loser);
  for (int i = 0; i < 7; ++i) play_rated_win(loser, others[i % 4], others[i % 4]);

  Json before = progress_of(winner, "loser");
  REQUIRE(before["games"] == 14);
  REQUIRE(before["wins"] == 4);
  before = progress_of(winner, "winner");
  REQUIRE(before["games"] == 11);
  REQUIRE(before["wins"] == 9);

  // The tenth win would make 9k certain, but it is the fourth against the
  // loser: it turns friendly, for both, and nobody's rank moves.
  const RatedGame fourth = play_rated_win(loser, winner, winner);
  CHECK(fourth.end["rank_changes"] == Json::array());
  CHECK(rank_of(winner, "loser") == "10k");
  CHECK(rank_of(winner, "winner") == "10k");
  const Json loser_after = progress_of(winner, "loser");
  CHECK(loser_after["games"] == 14);
  CHECK(loser_after["losses"] == 10);
  const Json winner_after = progress_of(winner, "winner");
  CHECK(winner_after["games"] == 11);
  CHECK(winner_after["wins"] == 9);

  // Both blocks go on: the winner's next win promotes, and the loser's next
  // loss is the fifteenth game of the block.
  const RatedGame promoting = play_rated_win(winner, others[3], winner);
  REQUIRE(promoting.end["rank_changes"].size() == 1);
  CHECK(promoting.end["rank_changes"][0]["name"] == "winner");
  CHECK(promoting.end["rank_changes"][0]["to"] == "9k");
  const RatedGame demoting = play_rated_win(loser, others[0], others[0]);
  REQUIRE(demoting.end["rank_changes"].size() == 1);
  CHECK(demoting.end["rank_changes"][0]["name"] == "loser");
  CHECK(demoting.end["rank_changes"][0]["to"] == "11k");
}
