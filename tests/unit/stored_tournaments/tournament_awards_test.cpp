// A finished tournament's bonus points on a real SQLite file: the places the
// bonus table rewards get an award with the rank held at the end, and the
// association's monthly publication adds the awards won at the current rank
// to the promotion average.
#include <catch2/catch.hpp>

#include <map>

#include "server/ranking_service/rank_publication.hpp"
#include "server/stored_tournaments/tournament_finish.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;
using ranking_service_tests::add_user;
using ranking_service_tests::hour;
using ranking_service_tests::month_start;
using ranking_service_tests::rank_1d;
using ranking_service_tests::record_game;
using ranking_service_tests::TempDatabase;

namespace {

TournamentId open_tournament(db::Stores& stores, std::vector<db::BonusPoints> bonus) {
  db::TournamentSettings s;
  s.name = "升段赛";
  s.clock_json = "{}";
  s.rounds = 1;
  s.no_show_ms = 60'000;
  s.groups = {{0, "dan", *Rank::from_index(19), *Rank::from_index(27)}};
  s.bonus_points = std::move(bonus);
  return *stores.tournaments().create(s);
}

// Eight wins and four losses at 1d against 1d: an average of 70, short of the 75 over 12 games.
void seventy_average(db::Stores& stores, UserId player, UserId partner, TimeMs before) {
  for (int i = 0; i < 12; ++i) {
    const bool won = i % 3 != 0;
    record_game(stores, player, partner, rank_1d, rank_1d, won ? "B+R" : "W+R", before - (30 - i) * hour);
  }
}

Rank rank_of(db::Stores& stores, UserId user) { return (*stores.users().find_by_id(user))->rank; }

}  // namespace

TEST_CASE("a finished tournament gives its bonus points to the places of each group", "[app][tournament]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const TournamentId id = open_tournament(stores, {{1, 3}, {2, 1}});
  const auto group = (**stores.tournaments().load(id)).settings.groups[0].id;
  std::vector<UserId> players;
  for (const char* name : {"ann", "bob", "cat"}) {
    players.push_back(add_user(stores, name, rank_1d));
    REQUIRE(stores.tournaments().add_entrant(id, {players.back(), name, group, rank_1d, 1, std::nullopt, 0}));
  }
  // bob beats ann and cat has the bye (worth a win): bob and cat share place 1 (level on every
  // tie-break, and they have not met), ann is third. cat played no game: no bonus for a bye alone.
  const std::vector<db::NewTournamentPairing> round{{group, 1, players[0], players[1]},
                                                    {group, 1, players[2], std::nullopt}};
  auto stored = stores.tournaments().replace_pairings(id, 1, round);
  REQUIRE(stored);
  REQUIRE(stores.tournaments().set_result((*stored)[0].id, "white_wins", "played", 10));
  REQUIRE(stores.tournaments().set_status(id, "running", 1));

  REQUIRE(stored_tournaments::finish_tournament(stores, id, 1, 5'000));
  CHECK((**stores.tournaments().load(id)).status == "finished");
  std::map<UserId, db::TournamentAward> awards;
  for (UserId p : players) {
    const auto of_player = stores.tournaments().awards_of_user(p, 0);
    REQUIRE(of_player);
    for (const auto& a : *of_player) awards[p] = a;
  }
  REQUIRE(awards.size() == 1);
  CHECK_FALSE(awards.contains(players[0]));  // third place: no points in the table
  CHECK_FALSE(awards.contains(players[2]));  // first by a bye alone
  const db::TournamentAward& award = awards.at(players[1]);
  CHECK(award.tournament_id == id);
  CHECK(award.rank == rank_1d);
  CHECK(award.awarded_ms == 5'000);
  CHECK(award.place == 1);
  CHECK(award.points == 3);
}

TEST_CASE("a tournament ended before its first round gives nothing", "[app][tournament]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const TournamentId id = open_tournament(stores, {{1, 3}});
  REQUIRE(stored_tournaments::finish_tournament(stores, id, 0, 5'000));
  CHECK((**stores.tournaments().load(id)).status == "finished");
  CHECK(stores.tournaments().awards_of_user(1, 0)->empty());
}

TEST_CASE("the monthly publication adds bonus points won at the current rank", "[app][tournament]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const ranking::AssociationPolicy association;
  const UserId awarded = add_user(stores, "awarded", rank_1d);
  const UserId elsewhere = add_user(stores, "elsewhere", rank_1d);
  const UserId late = add_user(stores, "late", rank_1d);
  const UserId plain = add_user(stores, "plain", rank_1d);
  const UserId partner = add_user(stores, "partner", rank_1d);
  for (UserId p : {awarded, elsewhere, late, plain}) seventy_average(stores, p, partner, month_start);
  const TournamentId id = open_tournament(stores, {{1, 5}});
  REQUIRE(stores.tournaments().record_award({id, awarded, 1, 5, rank_1d, month_start - hour}));
  REQUIRE(stores.tournaments().record_award({id, elsewhere, 1, 5, rank_1d + 1, month_start - hour}));  // another rank
  REQUIRE(stores.tournaments().record_award({id, late, 1, 5, rank_1d, month_start + hour}));  // after the moment

  auto published = ranking_service::publish_month(stores, association, month_start, month_start + 2 * hour);
  REQUIRE(published);
  REQUIRE(published->size() == 1);
  CHECK(published->front().user == awarded);
  CHECK(rank_of(stores, awarded) == rank_1d + 1);
  for (UserId p : {elsewhere, late, plain}) CHECK(rank_of(stores, p) == rank_1d);
}
