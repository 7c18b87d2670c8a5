#include <catch2/catch.hpp>

#include "server/tournament/standings.hpp"
#include "tournament_test_support.hpp"

using namespace yunzi;
using namespace yunzi::tournament;
using yunzi::tournament::testing::entrants;
using yunzi::tournament::testing::play;

namespace {

// Three rounds among four players, results chosen so that the tie-breaks
// decide: 1 and 2 end on two wins, 3 and 4 on one.
TournamentRecord four_player_record() {
  TournamentRecord record{entrants(4, 27, 1), {}, {}};
  play(record, 1, 1, 2, Outcome::black_wins);
  play(record, 1, 3, 4, Outcome::black_wins);
  play(record, 2, 3, 1, Outcome::white_wins);
  play(record, 2, 4, 2, Outcome::white_wins);
  play(record, 3, 1, 4, Outcome::white_wins);
  play(record, 3, 2, 3, Outcome::black_wins);
  return record;
}

const Standing& of(const std::vector<Standing>& standings, PlayerId player) {
  for (const Standing& standing : standings) {
    if (standing.player == player) return standing;
  }
  FAIL("no standing for player " << player);
  return standings.front();
}

}  // namespace

TEST_CASE("SOS, SOSOS and SODOS as computed by hand", "[tournament][standings]") {
  const auto standings = compute_standings(four_player_record(), ScoreRules{}, 3);
  REQUIRE(standings.size() == 4);
  // Scores 2, 2, 1, 1; SOS 4, 4, 5, 5; SOSOS 14, 14, 13, 13; SODOS 3, 2, 1, 2.
  CHECK(of(standings, 1).score == 4);
  CHECK(of(standings, 3).score == 2);
  CHECK(of(standings, 1).wins == 2);
  CHECK(of(standings, 1).sos == 8);
  CHECK(of(standings, 2).sos == 8);
  CHECK(of(standings, 3).sos == 10);
  CHECK(of(standings, 4).sos == 10);
  CHECK(of(standings, 1).sosos == 28);
  CHECK(of(standings, 3).sosos == 26);
  CHECK(of(standings, 1).sodos == 12);
  CHECK(of(standings, 2).sodos == 8);
  CHECK(of(standings, 3).sodos == 4);
  CHECK(of(standings, 4).sodos == 8);

  // SOS and SOSOS are level within each pair; SODOS decides.
  CHECK(standings[0].player == 1);
  CHECK(standings[1].player == 2);
  CHECK(standings[2].player == 4);
  CHECK(standings[3].player == 3);
  for (int i = 0; i < 4; ++i) CHECK(standings[i].place == i + 1);
}

TEST_CASE("Players level on every tie-break share a place", "[tournament][standings]") {
  const auto standings = compute_standings(four_player_record(), ScoreRules{}, 3, {TieBreak::sos});
  CHECK(of(standings, 1).place == 1);
  CHECK(of(standings, 2).place == 1);
  CHECK(of(standings, 3).place == 3);
  CHECK(of(standings, 4).place == 3);
}

TEST_CASE("The direct encounter separates players level on everything before it", "[tournament][standings]") {
  const auto standings =
      compute_standings(four_player_record(), ScoreRules{}, 3, {TieBreak::sos, TieBreak::direct_encounter});
  // 1 beat 2 in round 1; 4 and 3 met in round 1 and 3 won.
  CHECK(standings[0].player == 1);
  CHECK(standings[1].player == 2);
  CHECK(standings[2].player == 3);
  CHECK(standings[3].player == 4);
  CHECK(standings[1].place == 2);
  CHECK(standings[3].place == 4);
}

TEST_CASE("A round without an opponent counts the player's starting score in SOS", "[tournament][standings]") {
  ScoreRules rules;
  rules.system = System::mcmahon;
  rules.mcmahon_bar = 21;    // 3d
  rules.mcmahon_floor = 19;  // 1d
  TournamentRecord record{{Entrant{1, 21, 1, {}}, Entrant{2, 21, 1, {}}, Entrant{3, 20, 1, {}}}, {}, {}};
  play(record, 1, 2, 1, Outcome::white_wins);
  record.byes.push_back(Bye{1, 3});
  const auto standings = compute_standings(record, rules, 1);
  // Starts: 2, 2 and 1 points; player 3's bye is worth a win.
  CHECK(of(standings, 1).score == 6);
  CHECK(of(standings, 3).score == 4);
  CHECK(of(standings, 1).sos == 4);  // player 2's final score
  CHECK(of(standings, 3).sos == 2);  // the virtual opponent: player 3's own start
  CHECK(of(standings, 3).sosos == 2);
  CHECK(of(standings, 3).wins == 0);
}

TEST_CASE("Pending games score nothing yet", "[tournament][standings]") {
  TournamentRecord record{entrants(2, 27, 1), {}, {}};
  play(record, 1, 1, 2, Outcome::pending);
  const auto standings = compute_standings(record, ScoreRules{}, 1);
  CHECK(of(standings, 1).score == 0);
  CHECK(of(standings, 2).score == 0);
  CHECK(of(standings, 1).place == 1);
  CHECK(of(standings, 2).place == 1);
}

TEST_CASE("A bye after the player's withdrawal scores nothing", "[tournament][standings]") {
  TournamentRecord record{entrants(3, 27, 1), {}, {}};
  record.entrants[2].withdrawn_after = 1;
  play(record, 1, 2, 3, Outcome::black_wins);
  record.byes.push_back({1, 1});
  play(record, 2, 1, 2, Outcome::black_wins);
  record.byes.push_back({2, 3});  // the table's bye, in a round player 3 no longer plays
  const auto standings = compute_standings(record, ScoreRules{}, 2);
  CHECK(of(standings, 1).score == 4);
  CHECK(of(standings, 2).score == 2);
  CHECK(of(standings, 3).score == 0);
  CHECK(of(standings, 2).sos == 4);  // player 1's 2 points and player 3's none
}

TEST_CASE("SOS-1, SOS-2 and MOS leave out the lowest, the two lowest, and the lowest and highest opponent",
          "[tournament][standings]") {
  const auto standings = compute_standings(four_player_record(), ScoreRules{}, 3);
  // Player 1 met scores 2, 1, 1 (half points 4, 2, 2); player 3 met 1, 2, 2.
  CHECK(of(standings, 1).sos_minus_1 == 6);
  CHECK(of(standings, 1).sos_minus_2 == 4);
  CHECK(of(standings, 1).mos == 2);
  CHECK(of(standings, 3).sos_minus_1 == 8);
  CHECK(of(standings, 3).sos_minus_2 == 4);
  CHECK(of(standings, 3).mos == 4);
  CHECK(of(standings, 1).games == 3);
}

TEST_CASE("Direct comparison applies only among tied players who all met each other", "[tournament][standings]") {
  // 1 beat 2, 3 beat 1, 2 never met 3; 4 and 5 make up the rounds, 6 wins twice.
  TournamentRecord record{entrants(6, 27, 1), {}, {}};
  play(record, 1, 1, 2, Outcome::black_wins);
  play(record, 1, 3, 6, Outcome::white_wins);
  play(record, 1, 4, 5, Outcome::white_wins);
  play(record, 2, 3, 1, Outcome::black_wins);
  play(record, 2, 2, 4, Outcome::black_wins);
  play(record, 2, 6, 5, Outcome::black_wins);
  const auto standings = compute_standings(record, ScoreRules{}, 2, {TieBreak::direct_encounter});
  CHECK(of(standings, 6).place == 1);
  // 1, 2, 3 and 5 on one win each: they have not all met, so nobody is split.
  for (PlayerId level : {1, 2, 3, 5}) CHECK(of(standings, level).place == 2);
  CHECK(of(standings, 4).place == 6);
}

TEST_CASE("Direct comparison orders tied players who all met by the points they took from each other",
          "[tournament][standings]") {
  // A round robin of four: the two pairs level on wins have each met.
  TournamentRecord record{entrants(4, 27, 1), {}, {}};
  play(record, 1, 1, 2, Outcome::black_wins);
  play(record, 1, 3, 4, Outcome::black_wins);
  play(record, 2, 2, 3, Outcome::black_wins);
  play(record, 2, 4, 1, Outcome::black_wins);
  play(record, 3, 3, 1, Outcome::white_wins);
  play(record, 3, 4, 2, Outcome::black_wins);
  // 1: beat 2 and 3, lost to 4 (2 wins); 2: beat 3 (1); 3: beat 4 (1); 4: beat 1 and 2 (2).
  const auto standings = compute_standings(record, ScoreRules{}, 3, {TieBreak::direct_encounter});
  CHECK(of(standings, 4).place == 1);  // 4 beat 1
  CHECK(of(standings, 1).place == 2);
  CHECK(of(standings, 2).place == 3);  // 2 beat 3
  CHECK(of(standings, 3).place == 4);
}

TEST_CASE("Tie-breaks are read by their names and only those", "[tournament][standings]") {
  for (const TieBreak tie_break : {TieBreak::sos, TieBreak::sos_minus_1, TieBreak::sos_minus_2, TieBreak::mos,
                                   TieBreak::sosos, TieBreak::sodos, TieBreak::wins, TieBreak::direct_encounter}) {
    CHECK(tie_break_named(name_of(tie_break)) == tie_break);
  }
  CHECK_FALSE(tie_break_named("SOS"));
  CHECK_FALSE(tie_break_named("sos-3"));
  CHECK_FALSE(tie_break_named(""));
}
