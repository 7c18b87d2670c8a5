#include <catch2/catch.hpp>

#include <chrono>
#include <future>

#include "db/database.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

TournamentSettings promotion_settings() {
  TournamentSettings s;
  s.name = "升段赛 2026";
  s.system = "swiss";
  s.clock_json = R"({"system":"byoyomi","main_s":600})";
  s.rounds = 4;
  s.registration_opens_ms = 100;
  s.registration_closes_ms = 1'000;
  s.round_start = "fixed";
  s.round_times = {2'000, 3'000, 4'000, 5'000};
  s.no_show_ms = 600'000;
  s.groups = {{0, "1d", rank_at(19), rank_at(19)},
              {0, "2d", rank_at(20), rank_at(20)},
              {0, "3d", rank_at(21), rank_at(21)},
              {0, "4d+", rank_at(22), rank_at(27)}};
  s.bonus_points = {{1, 6}, {2, 4}, {3, 2}};
  s.created_ms = 50;
  return s;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a tournament is stored with its groups, bonus table and round times",
                 "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const UserId admin = create_user(db.stores(), "boss").id;
  TournamentSettings settings = promotion_settings();
  settings.created_by = admin;
  auto id = store.create(settings);
  REQUIRE(id);
  auto loaded = store.load(*id);
  REQUIRE(loaded);
  REQUIRE(loaded->has_value());
  const StoredTournament& t = **loaded;
  CHECK(t.settings.name == "升段赛 2026");
  CHECK(t.settings.rounds == 4);
  CHECK(t.settings.clock_json == settings.clock_json);
  CHECK(t.settings.created_by == admin);
  CHECK(t.status == "registration");
  REQUIRE(t.settings.groups.size() == 4);
  CHECK(t.settings.groups[3].name == "4d+");
  CHECK(t.settings.groups[3].min_rank == rank_at(22));
  CHECK(t.settings.groups[3].max_rank == rank_at(27));
  CHECK(t.settings.groups[0].id != t.settings.groups[1].id);
  REQUIRE(t.settings.bonus_points.size() == 3);
  CHECK(t.settings.bonus_points[0].points == 6);
  CHECK(t.settings.round_times == std::vector<TimeMs>{2'000, 3'000, 4'000, 5'000});
  REQUIRE(t.rounds.size() == 4);
  CHECK(t.rounds[0].status == "waiting");
  CHECK_FALSE(store.load(*id + 1)->has_value());

  auto listed = store.list(10);
  REQUIRE(listed);
  REQUIRE(listed->size() == 1);
  CHECK((*listed)[0].entrants == 0);
  CHECK(store.unfinished()->size() == 1);
  REQUIRE(store.set_status(*id, "finished", 4));
  CHECK(store.unfinished()->empty());
  CHECK(store.set_status(*id + 9, "running", 1).error().kind == DbErrorKind::not_found);

  TournamentSettings bad = promotion_settings();
  bad.system = "knockout-ish";
  CHECK(store.create(bad).error().kind == DbErrorKind::constraint);
  CHECK(store.list(10)->size() == 1);  // the failed creation left nothing behind
}

TEST_CASE_METHOD(StoreTest, "entrants register once, withdraw before the start or after a round", "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const TournamentId id = *store.create(promotion_settings());
  const auto group = (**store.load(id)).settings.groups[0].id;
  const UserId a = create_user(db.stores(), "a", 19).id;
  const UserId b = create_user(db.stores(), "b", 19).id;
  REQUIRE(store.add_entrant(id, TournamentEntrant{a, "", group, rank_at(19), 1, std::nullopt, 10}));
  REQUIRE(store.add_entrant(id, TournamentEntrant{b, "", group, rank_at(19), 1, std::nullopt, 11}));
  CHECK(store.add_entrant(id, TournamentEntrant{a, "", group, rank_at(19), 1, std::nullopt, 12}).error().kind ==
        DbErrorKind::constraint);
  CHECK((*store.list(5))[0].entrants == 2);

  REQUIRE(store.withdraw(id, b, std::nullopt));
  REQUIRE(store.withdraw(id, a, 2));
  CHECK(store.withdraw(id, b, 1).error().kind == DbErrorKind::not_found);
  const StoredTournament t = **store.load(id);
  REQUIRE(t.entrants.size() == 1);
  CHECK(t.entrants[0].name == "a");
  CHECK(t.entrants[0].withdrawn_after == 2);
}

TEST_CASE_METHOD(StoreTest, "pairings are replaced until their games exist, then carry the game and the result",
                 "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const TournamentId id = *store.create(promotion_settings());
  const auto group = (**store.load(id)).settings.groups[0].id;
  const UserId a = create_user(db.stores(), "a", 19).id;
  const UserId b = create_user(db.stores(), "b", 19).id;
  const UserId c = create_user(db.stores(), "c", 19).id;

  const std::vector<NewTournamentPairing> first{{group, 1, a, b}, {group, 1, c, std::nullopt}};
  auto stored = store.replace_pairings(id, 1, first);
  REQUIRE(stored);
  REQUIRE(stored->size() == 2);
  CHECK((*stored)[1].outcome == "bye");
  CHECK((*stored)[1].how == "bye");
  const std::vector<NewTournamentPairing> again{{group, 1, b, c}, {group, 1, a, std::nullopt}};
  stored = store.replace_pairings(id, 1, again);
  REQUIRE(stored);
  REQUIRE(stored->size() == 2);
  CHECK((*stored)[0].black_id == b);
  CHECK((**store.load(id)).pairings.size() == 2);

  const GameId game = *db.stores().games().create(sample_game(b, c));
  REQUIRE(store.set_pairing_game((*stored)[0].id, game));
  CHECK(store.replace_pairings(id, 1, first).error().kind == DbErrorKind::conflict);
  auto found = store.pairing_of_game(game);
  REQUIRE(found);
  REQUIRE(found->has_value());
  CHECK((**found).first == id);
  CHECK((**found).second.id == (*stored)[0].id);
  CHECK_FALSE(store.pairing_of_game(game + 100)->has_value());

  REQUIRE(store.set_result((*stored)[0].id, "white_wins", "forfeit", 9'000));
  CHECK(store.set_result((*stored)[0].id, "nonsense", "played", 9'000).error().kind == DbErrorKind::constraint);
  CHECK(store.set_result(99'999, "jigo", "admin", 1).error().kind == DbErrorKind::not_found);
  const StoredTournament t = **store.load(id);
  CHECK(t.pairings[0].outcome == "white_wins");
  CHECK(t.pairings[0].how == "forfeit");
  CHECK(t.pairings[0].decided_ms == 9'000);
  CHECK(t.pairings[0].game_id == game);

  REQUIRE(store.save_round(id, TournamentRound{1, 2'000, "playing", 2'100, std::nullopt}));
  REQUIRE(store.save_round(id, TournamentRound{1, 2'000, "finished", 2'100, 8'000}));
  REQUIRE(store.save_round(id, TournamentRound{7, std::nullopt, "waiting", std::nullopt, std::nullopt}));
  const StoredTournament after = **store.load(id);
  CHECK(after.rounds[0].status == "finished");
  CHECK(after.rounds[0].ended_ms == 8'000);
  CHECK(after.rounds.back().number == 7);
}

TEST_CASE_METHOD(StoreTest, "settings change only during registration, the groups only while nobody is entered",
                 "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const TournamentId id = *store.create(promotion_settings());
  TournamentSettings edited = (**store.load(id)).settings;
  edited.name = "升段赛 2027";
  edited.rounds = 3;
  edited.round_times = {7'000, 8'000, 9'000};
  edited.bonus_points = {{1, 5}};
  edited.groups = {{0, "open", rank_at(1), rank_at(27)}};
  REQUIRE(store.update_settings(id, edited, true));
  StoredTournament t = **store.load(id);
  CHECK(t.settings.name == "升段赛 2027");
  CHECK(t.settings.rounds == 3);
  CHECK(t.settings.round_times == std::vector<TimeMs>{7'000, 8'000, 9'000});
  REQUIRE(t.rounds.size() == 3);
  REQUIRE(t.settings.bonus_points.size() == 1);
  CHECK(t.settings.bonus_points[0].points == 5);
  REQUIRE(t.settings.groups.size() == 1);
  CHECK(t.settings.groups[0].name == "open");

  const UserId a = create_user(db.stores(), "a", 19).id;
  REQUIRE(store.add_entrant(id, TournamentEntrant{a, "a", t.settings.groups[0].id, rank_at(19), 1, std::nullopt, 10}));
  edited.groups = {{0, "dan", rank_at(19), rank_at(27)}};
  CHECK(store.update_settings(id, edited, true).error().kind == DbErrorKind::conflict);
  CHECK((**store.load(id)).settings.groups[0].name == "open");  // nothing of the refused edit stays
  edited.name = "renamed";
  REQUIRE(store.update_settings(id, edited, false));
  t = **store.load(id);
  CHECK(t.settings.name == "renamed");
  CHECK(t.settings.groups[0].name == "open");

  REQUIRE(store.set_status(id, "running", 0));
  CHECK(store.update_settings(id, edited, false).error().kind == DbErrorKind::conflict);
}

TEST_CASE_METHOD(StoreTest, "an unstarted round can be dropped and the rounds cut short", "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const TournamentId id = *store.create(promotion_settings());
  const auto group = (**store.load(id)).settings.groups[0].id;
  const UserId a = create_user(db.stores(), "a", 19).id;
  const UserId b = create_user(db.stores(), "b", 19).id;
  const std::vector<NewTournamentPairing> first{{group, 1, a, b}};
  auto stored = store.replace_pairings(id, 1, first);
  REQUIRE(stored);
  REQUIRE(store.drop_round(id, 1));
  StoredTournament t = **store.load(id);
  CHECK(t.pairings.empty());
  CHECK(t.rounds.size() == 3);  // round 1's row went with it

  const std::vector<NewTournamentPairing> second{{group, 2, a, b}};
  stored = store.replace_pairings(id, 2, second);
  REQUIRE(stored);
  REQUIRE(stored->size() == 1);
  REQUIRE(store.set_pairing_game((*stored)[0].id, *db.stores().games().create(sample_game(a, b))));
  CHECK(store.drop_round(id, 2).error().kind == DbErrorKind::conflict);
  CHECK((**store.load(id)).pairings.size() == 1);

  REQUIRE(store.set_rounds(id, 2));
  CHECK((**store.load(id)).settings.rounds == 2);
  CHECK(store.set_rounds(id, 0).error().kind == DbErrorKind::constraint);
}

TEST_CASE_METHOD(StoreTest, "awards are kept per tournament and read per user from a moment on", "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  const TournamentId first = *store.create(promotion_settings());
  const TournamentId second = *store.create(promotion_settings());
  const UserId a = create_user(db.stores(), "a", 19).id;
  const UserId b = create_user(db.stores(), "b", 19).id;
  REQUIRE(store.record_award({first, a, 1, 3, rank_at(19), 1'000}));
  REQUIRE(store.record_award({second, a, 2, 2, rank_at(19), 5'000}));
  REQUIRE(store.record_award({first, b, 2, 2, rank_at(19), 1'000}));
  CHECK(store.record_award({first, a, 1, 3, rank_at(19), 1'000}).error().kind == DbErrorKind::constraint);
  CHECK(store.record_award({second, b, 3, 0, rank_at(19), 1'000}).error().kind == DbErrorKind::constraint);

  auto all = store.awards_of_user(a, 0);
  REQUIRE(all);
  REQUIRE(all->size() == 2);
  CHECK((*all)[0].tournament_id == first);
  CHECK((*all)[0].points == 3);
  CHECK((*all)[1].place == 2);
  auto later = store.awards_of_user(a, 1'001);
  REQUIRE(later);
  REQUIRE(later->size() == 1);
  CHECK((*later)[0].tournament_id == second);
  CHECK(store.awards_of_user(b + 100, 0)->empty());
}

TEST_CASE_METHOD(StoreTest, "a tournament's lock changes nothing and knows only stored tournaments",
                 "[db][tournaments]") {
  TournamentStore& store = db.stores().tournaments();
  auto id = store.create(promotion_settings());
  REQUIRE(id);
  REQUIRE(store.set_status(*id, "running", 2));
  REQUIRE(store.lock(*id));
  const StoredTournament t = **store.load(*id);
  CHECK(t.status == "running");
  CHECK(t.current_round == 2);
  CHECK(store.lock(*id + 9).error().kind == DbErrorKind::not_found);
}

TEST_CASE(
    "on PostgreSQL a second node's lock of a tournament waits for the first node's transaction and then sees "
    "its write",
    "[db][.postgresql]") {
  TempDir dir("yunzi-tournament-lock");
  const DatabaseTarget target = fresh_test_database(dir);
  REQUIRE(target.engine == Engine::postgresql);
  Connection first = open_migrated(target);
  Connection second = open_migrated(target);
  SqlStores first_stores(first);
  SqlStores second_stores(second);
  auto id = first_stores.tournaments().create(promotion_settings());
  REQUIRE(id);

  auto tx = Transaction::begin(first);
  REQUIRE(tx);
  REQUIRE(first_stores.tournaments().lock(*id));
  auto after_lock = std::async(std::launch::async, [&]() -> std::optional<StoredTournament> {
    auto tx2 = Transaction::begin(second);
    if (!tx2 || !second_stores.tournaments().lock(*id)) return std::nullopt;
    auto seen = second_stores.tournaments().load(*id);
    if (!seen || !*seen || !tx2->commit()) return std::nullopt;
    return **seen;
  });
  CHECK(after_lock.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  REQUIRE(first_stores.tournaments().set_status(*id, "running", 1));
  REQUIRE(tx->commit());

  const auto seen = after_lock.get();
  REQUIRE(seen);
  CHECK(seen->status == "running");
  CHECK(seen->current_round == 1);
}
