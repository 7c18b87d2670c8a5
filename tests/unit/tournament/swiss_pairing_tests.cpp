#include <catch2/catch.hpp>

#include "server/tournament/swiss_pairing.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::entrants;
using yunzi::tournament::testing::play;

namespace {

bool has_game(const RoundPairing& pairing, PlayerId black, PlayerId white) {
  for (const Pairing& game : pairing.games) {
    if (game.black == black && game.white == white) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("The first round pairs the closest ranks and gives black to the weaker player", "[tournament][swiss]") {
  TournamentRecord record{entrants(4, 27, 1), {}, {}};
  const auto pairing = pair_swiss_round(record, ScoreRules{}, 1);
  REQUIRE(pairing);
  CHECK(pairing->byes.empty());
  CHECK(pairing->games.size() == 2);
  CHECK(has_game(*pairing, 2, 1));
  CHECK(has_game(*pairing, 4, 3));
}

TEST_CASE("Winners meet winners and colours alternate", "[tournament][swiss]") {
  TournamentRecord record{entrants(4, 27, 1), {}, {}};
  play(record, 1, 2, 1, Outcome::white_wins);  // 1 beats 2
  play(record, 1, 4, 3, Outcome::black_wins);  // 4 beats 3
  const auto pairing = pair_swiss_round(record, ScoreRules{}, 2);
  REQUIRE(pairing);
  // 1 and 4 lead; 1 had white so takes black, 4 had black so takes white.
  CHECK(has_game(*pairing, 1, 4));
  CHECK(has_game(*pairing, 3, 2));
}

TEST_CASE("Nobody meets the same opponent twice, whatever the scores", "[tournament][swiss]") {
  TournamentRecord record{entrants(4, 27, 1), {}, {}};
  play(record, 1, 2, 1, Outcome::white_wins);
  play(record, 1, 4, 3, Outcome::white_wins);
  play(record, 2, 1, 3, Outcome::black_wins);
  play(record, 2, 2, 4, Outcome::black_wins);
  // Scores now: 1 has 2 wins, 2 and 3 one, 4 none. 2 v 3 is the natural
  // pair of the middle group, which leaves 1 v 4: both new.
  const auto pairing = pair_swiss_round(record, ScoreRules{}, 3);
  REQUIRE(pairing);
  REQUIRE(pairing->games.size() == 2);
  for (const Pairing& game : pairing->games) {
    CHECK(std::minmax(game.black, game.white) != std::minmax(1, 2));
    CHECK(std::minmax(game.black, game.white) != std::minmax(3, 4));
    CHECK(std::minmax(game.black, game.white) != std::minmax(1, 3));
    CHECK(std::minmax(game.black, game.white) != std::minmax(2, 4));
  }
}

TEST_CASE("No pairing is made when every possible pair has met", "[tournament][swiss]") {
  TournamentRecord record{entrants(2, 27, 1), {}, {}};
  play(record, 1, 1, 2, Outcome::black_wins);
  CHECK_FALSE(pair_swiss_round(record, ScoreRules{}, 2));
}

TEST_CASE("The bye goes to the lowest-ranked player of the lowest score group who has not had one",
          "[tournament][swiss]") {
  TournamentRecord record{entrants(5, 27, 1), {}, {}};
  const auto first = pair_swiss_round(record, ScoreRules{}, 1);
  REQUIRE(first);
  REQUIRE(first->byes == std::vector<PlayerId>{5});
  record.byes.push_back(Bye{1, 5});
  // 5 has a win from the bye; among the players without a win, 4 is the
  // lowest-ranked who has not had a bye.
  play(record, 1, 2, 1, Outcome::white_wins);
  play(record, 1, 4, 3, Outcome::white_wins);
  const auto second = pair_swiss_round(record, ScoreRules{}, 2);
  REQUIRE(second);
  CHECK(second->byes == std::vector<PlayerId>{4});
}

TEST_CASE("A late entrant joins at their first round and a withdrawn player is no longer paired",
          "[tournament][swiss]") {
  TournamentRecord record{entrants(5, 27, 1), {}, {}};
  record.entrants[4].first_round = 2;      // player 5 joins in round 2
  record.entrants[1].withdrawn_after = 1;  // player 2 leaves after round 1
  const auto first = pair_swiss_round(record, ScoreRules{}, 1);
  REQUIRE(first);
  CHECK(first->games.size() == 2);
  CHECK(first->byes.empty());
  for (const Pairing& game : first->games) {
    CHECK(game.black != 5);
    CHECK(game.white != 5);
  }
  play(record, 1, 2, 1, Outcome::white_wins);
  play(record, 1, 4, 3, Outcome::white_wins);
  const auto second = pair_swiss_round(record, ScoreRules{}, 2);
  REQUIRE(second);
  CHECK(second->games.size() == 2);
  for (const Pairing& game : second->games) {
    CHECK(game.black != 2);
    CHECK(game.white != 2);
  }
}

TEST_CASE("McMahon players start from their rank between floor and bar", "[tournament][mcmahon]") {
  ScoreRules rules;
  rules.system = System::mcmahon;
  rules.mcmahon_bar = 23;                                   // 5d
  rules.mcmahon_floor = 19;                                 // 1d
  CHECK(initial_score(Entrant{1, 26, 1, {}}, rules) == 8);  // 8d: held at the bar
  CHECK(initial_score(Entrant{2, 23, 1, {}}, rules) == 8);
  CHECK(initial_score(Entrant{3, 21, 1, {}}, rules) == 4);  // 3d
  CHECK(initial_score(Entrant{4, 19, 1, {}}, rules) == 0);
  CHECK(initial_score(Entrant{5, 10, 1, {}}, rules) == 0);  // 9k: held at the floor
  CHECK(initial_score(Entrant{6, 21, 1, {}}, ScoreRules{}) == 0);

  // Two 8d-level starters and two floor starters: the groups pair within.
  TournamentRecord record{
      {Entrant{1, 26, 1, {}}, Entrant{2, 24, 1, {}}, Entrant{3, 12, 1, {}}, Entrant{4, 10, 1, {}}}, {}, {}};
  const auto pairing = pair_swiss_round(record, rules, 1);
  REQUIRE(pairing);
  CHECK(has_game(*pairing, 2, 1));
  CHECK(has_game(*pairing, 4, 3));
}

TEST_CASE("Before the last round the pairing leaves the next round possible", "[tournament][swiss]") {
  // Six players, four rounds, the lower id wins except that 6 loses round 1
  // by forfeit: the best third round on its own (1-3, 5-2, 4-6) would leave
  // 1, 4 and 5 with nobody new but each other for the fourth.
  ScoreRules rules;
  rules.rounds = 4;
  TournamentRecord record{entrants(6, 11, 6), {}, {}};
  for (int round = 1; round <= 4; ++round) {
    INFO("round " << round);
    const auto pairing = pair_swiss_round(record, rules, round);
    REQUIRE(pairing);
    for (const Pairing& game : pairing->games) {
      const bool black_wins =
          round == 1 && (game.black == 6 || game.white == 6) ? game.white == 6 : game.black < game.white;
      play(record, round, game.black, game.white, black_wins ? Outcome::black_wins : Outcome::white_wins);
    }
  }
  CHECK(record.games.size() == 12);
}
