// What a round tells its players, built from a stored tournament: a round
// paired ahead of its start tells each player their opponent and colour
// with no game and the start to come; as it starts, the game; a bye is told
// as one; a pairing a withdrawal turns into a forfeit tells nobody.
#include <catch2/catch.hpp>

#include "server/stored_tournaments/tournament_announcements.hpp"

using namespace yunzi;
using namespace yunzi::stored_tournaments;

namespace {

// Five entrants a..e (ids 1..5); round 2 pairs a-b, c-d and gives e the bye.
db::StoredTournament round_two_paired() {
  db::StoredTournament t;
  t.id = 8;
  t.settings.name = "Evening";
  t.settings.rounds = 3;
  t.settings.groups = {{11, "open", *Rank::from_index(1), *Rank::from_index(27)}};
  t.status = "running";
  t.current_round = 2;
  for (int i = 0; i < 5; ++i) {
    t.entrants.push_back(
        {i + 1, std::string(1, static_cast<char>('a' + i)), 11, *Rank::from_index(15), 1, std::nullopt, i});
  }
  t.rounds = {{1, 100, "finished", 100, 900}, {2, 60'900, "waiting", std::nullopt, std::nullopt}};
  t.pairings = {{1, 11, 1, 1, 3, 101, "black_wins", "played", 900},
                {2, 11, 1, 2, 4, 102, "white_wins", "played", 800},
                {3, 11, 1, 5, std::nullopt, std::nullopt, "bye", "bye", 100},
                {4, 11, 2, 1, 2, std::nullopt, "pending", "", std::nullopt},
                {5, 11, 2, 3, 4, std::nullopt, "pending", "", std::nullopt},
                {6, 11, 2, 5, std::nullopt, std::nullopt, "bye", "bye", 900}};
  return t;
}

const PlayerPairing& told(const std::vector<PlayerPairing>& all, UserId user) {
  for (const PlayerPairing& p : all) {
    if (p.user == user) return p;
  }
  FAIL("user " << user << " is told nothing");
  return all.front();
}

}  // namespace

TEST_CASE("a round paired ahead of its start tells each player their pairing and when it starts, with no game",
          "[app][tournament]") {
  const auto all = player_pairings(round_two_paired(), 2, 60'900);
  REQUIRE(all.size() == 5);
  const auto& a = told(all, 1).pairing;
  CHECK(a.tournament == 8);
  CHECK(a.round == 2);
  CHECK_FALSE(a.game.has_value());
  CHECK(a.color == "black");
  CHECK(a.opponent == "b");
  CHECK_FALSE(a.bye);
  CHECK(a.starts_ms == 60'900);
  const auto& b = told(all, 2).pairing;
  CHECK(b.color == "white");
  CHECK(b.opponent == "a");
  const auto& e = told(all, 5).pairing;
  CHECK(e.bye);
  CHECK(e.color.empty());
  CHECK_FALSE(e.opponent.has_value());
  CHECK_FALSE(e.game.has_value());
  CHECK(e.starts_ms == 60'900);

  const auto frame = protocol::tournament_pairing(a);
  CHECK(frame->find(R"("starts_ms":60900)") != std::string::npos);
  CHECK(frame->find(R"("game":null)") != std::string::npos);
}

TEST_CASE("as the round starts each player is told their game, and the round goes to every entrant",
          "[app][tournament]") {
  db::StoredTournament t = round_two_paired();
  t.rounds[1] = {2, 60'900, "playing", 61'000, std::nullopt};
  t.pairings[3].game_id = 201;
  t.pairings[4].game_id = 202;
  const auto all = player_pairings(t, 2, 61'000);
  REQUIRE(all.size() == 5);
  CHECK(told(all, 1).pairing.game == 201);
  CHECK(told(all, 2).pairing.game == 201);
  CHECK(told(all, 4).pairing.game == 202);
  CHECK(told(all, 4).pairing.starts_ms == 61'000);

  const auto event = round_event(t, 2);
  CHECK(event.tournament == 8);
  CHECK(event.name == "Evening");
  CHECK(event.round == 2);
  REQUIRE(event.pairings.size() == 3);
  CHECK(event.pairings[0].black == "a");
  CHECK(event.pairings[0].white == "b");
  CHECK(event.pairings[0].game == 201);
  CHECK_FALSE(event.pairings[2].white.has_value());
}

TEST_CASE("a pairing that a withdrawal turns into a forfeit tells neither player", "[app][tournament]") {
  db::StoredTournament t = round_two_paired();
  t.entrants[3].withdrawn_after = 1;  // d: c's game in round 2 will not be played
  const auto waiting = player_pairings(t, 2, 60'900);
  CHECK(waiting.size() == 3);
  for (const PlayerPairing& p : waiting) CHECK((p.user != 3 && p.user != 4));

  // At the start the forfeit is decided: still nobody told, and the round shows the result.
  t.pairings[4].outcome = "black_wins";
  t.pairings[4].how = "forfeit";
  const auto started = player_pairings(t, 2, 61'000);
  CHECK(started.size() == 3);
  CHECK(round_event(t, 2).pairings[1].result == "black_wins");
}
