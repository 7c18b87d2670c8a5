#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

struct Players {
  UserId black;
  UserId white;
};

Players two_players(TempDatabase& db) {
  return Players{create_user(db.stores(), "kuro", 15).id, create_user(db.stores(), "shiro", 16).id};
}

GameId finished_game(GameStore& games, UserId black, UserId white, const std::string& result, TimeMs at) {
  auto id = games.create(sample_game(black, white));
  REQUIRE(id);
  REQUIRE(games.end_game(*id, GameEnd{result_of(result), at, ""}, {}));
  return *id;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a game is created and its moves appended in order, passes included", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  auto id = games.create(sample_game(p.black, p.white));
  REQUIRE(id);
  REQUIRE(games.append_move(*id, sample_move(1, 15, 3), "clock-1"));
  MoveRecord pass = sample_move(2, 0, 0);
  pass.move.vertex.reset();
  pass.periods_left.reset();
  REQUIRE(games.append_move(*id, pass, "clock-2"));

  auto loaded = games.load(*id);
  REQUIRE(loaded);
  REQUIRE(loaded->has_value());
  const GameWithMoves& g = **loaded;
  CHECK(g.game.black_name == "kuro");
  CHECK(g.game.white_name == "shiro");
  CHECK(g.game.move_count == 2);
  CHECK(g.game.clock_state == "clock-2");
  CHECK(g.game.status == GameStatus::playing);
  CHECK(g.game.settings.time == yunzi::TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(g.game.settings.color == yunzi::ColorChoice::white);
  CHECK(g.game.settings.ko == yunzi::KoRule::positional);
  REQUIRE(g.moves.size() == 2);
  CHECK(g.moves[0].move.vertex == yunzi::engine::Vertex{15, 3});
  CHECK(g.moves[0].move.color == yunzi::engine::Color::black);
  CHECK(g.moves[0].clock_ms == 1'199'000);
  CHECK(g.moves[1].move.is_pass());
  CHECK(g.moves[1].move.color == yunzi::engine::Color::white);
  CHECK_FALSE(g.moves[1].periods_left.has_value());
  CHECK(g.moves[1].server_ms == 7'000);
  CHECK_FALSE(games.load(*id + 1)->has_value());
}

TEST_CASE_METHOD(StoreTest, "a move out of order or for a finished game is a conflict and changes nothing",
                 "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId id = *games.create(sample_game(p.black, p.white));
  REQUIRE(games.append_move(id, sample_move(1, 3, 3), ""));
  CHECK(games.append_move(id, sample_move(1, 4, 4), "").error().kind == DbErrorKind::conflict);
  CHECK(games.append_move(id, sample_move(3, 4, 4), "").error().kind == DbErrorKind::conflict);
  CHECK(games.append_move(id + 7, sample_move(1, 4, 4), "").error().kind == DbErrorKind::conflict);
  REQUIRE(games.end_game(id, GameEnd{result_of("B+R"), 9'000, ""}, {}));
  CHECK(games.append_move(id, sample_move(2, 4, 4), "").error().kind == DbErrorKind::conflict);
  CHECK(games.end_game(id, GameEnd{result_of("W+R"), 9'001, ""}, {}).error().kind == DbErrorKind::conflict);
  auto g = **games.load(id);
  CHECK(g.moves.size() == 1);
  REQUIRE(g.game.result);
  CHECK(to_sgf(*g.game.result) == "B+R");
}

TEST_CASE_METHOD(StoreTest, "undo takes back the last moves", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId id = *games.create(sample_game(p.black, p.white));
  for (int n = 1; n <= 4; ++n) REQUIRE(games.append_move(id, sample_move(n, n, n), ""));
  REQUIRE(games.undo_moves(id, 2, "after-undo"));
  auto g = **games.load(id);
  CHECK(g.game.move_count == 2);
  CHECK(g.moves.size() == 2);
  CHECK(g.game.clock_state == "after-undo");
  REQUIRE(games.append_move(id, sample_move(3, 9, 9), ""));
  CHECK(games.undo_moves(id, 5, "").error().kind == DbErrorKind::conflict);
  CHECK(games.undo_moves(id, 0, "").error().kind == DbErrorKind::invalid_argument);
}

TEST_CASE_METHOD(StoreTest, "ending a game records the result and the rank events in one transaction", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId id = *games.create(sample_game(p.black, p.white));
  const RankEvent up{0, p.black, rank_at(15), rank_at(16), "promotion", id, 9'000, std::nullopt};
  REQUIRE(games.end_game(id, GameEnd{result_of("B+3.5"), 9'000, "final"}, std::span(&up, 1)));
  auto g = **games.load(id);
  CHECK(g.game.status == GameStatus::ended);
  REQUIRE(g.game.result);
  CHECK(to_sgf(*g.game.result) == "B+3.5");
  CHECK(g.game.result->how == yunzi::EndReason::count);
  CHECK(g.game.result->winner == yunzi::Color::black);
  CHECK(g.game.ended_ms == 9'000);
  CHECK((**db.stores().users().find_by_id(p.black)).rank == rank_at(16));
  auto events = db.stores().ranks().events_of_user(p.black, 10);
  REQUIRE(events);
  REQUIRE(events->size() == 1);
  CHECK((*events)[0].game_id == id);
  CHECK((*events)[0].reason == "promotion");

  // A rank event that cannot be stored undoes the whole end of the game.
  const GameId other = *games.create(sample_game(p.black, p.white));
  const RankEvent bad[] = {{0, p.white, rank_at(16), rank_at(17), "promotion", other, 9'500, std::nullopt},
                           {0, 999, rank_at(1), rank_at(2), "ghost", other, 9'500, std::nullopt}};
  auto refused = games.end_game(other, GameEnd{result_of("W+R"), 9'500, ""}, bad);
  REQUIRE_FALSE(refused);
  CHECK((**games.load(other)).game.status == GameStatus::playing);
  CHECK((**db.stores().users().find_by_id(p.white)).rank == rank_at(16));
}

TEST_CASE_METHOD(StoreTest, "games in progress are loaded with all their moves for recovery", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId a = *games.create(sample_game(p.black, p.white));
  const GameId b = *games.create(sample_game(p.white, p.black));
  finished_game(games, p.black, p.white, "B+R", 1);
  for (int n = 1; n <= 3; ++n) REQUIRE(games.append_move(a, sample_move(n, n, 0), ""));
  REQUIRE(games.append_move(b, sample_move(1, 5, 5), "b-clock"));
  auto running = games.load_in_progress();
  REQUIRE(running);
  REQUIRE(running->size() == 2);
  CHECK((*running)[0].game.id == a);
  CHECK((*running)[0].moves.size() == 3);
  CHECK((*running)[1].game.id == b);
  CHECK((*running)[1].game.clock_state == "b-clock");
  CHECK((*running)[1].game.black_name == "shiro");
}

TEST_CASE_METHOD(StoreTest, "a profile counts decisive wins and losses", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  finished_game(games, p.black, p.white, "B+R", 1);
  finished_game(games, p.black, p.white, "W+T", 2);
  finished_game(games, p.white, p.black, "W+0.5", 3);
  finished_game(games, p.black, p.white, "0", 4);
  finished_game(games, p.black, p.white, "Void", 5);
  (void)games.create(sample_game(p.black, p.white));
  auto profile = games.profile(p.black);
  REQUIRE(profile);
  REQUIRE(profile->has_value());
  CHECK((*profile)->wins == 2);
  CHECK((*profile)->losses == 1);
  CHECK((*profile)->user.name == "kuro");
  CHECK((**games.profile(p.white)).wins == 1);
  CHECK((**games.profile(p.white)).losses == 2);
  CHECK_FALSE(games.profile(777)->has_value());
}

TEST_CASE_METHOD(StoreTest, "a user's games are listed newest first and paged by id", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const UserId third = create_user(db.stores(), "third").id;
  std::vector<GameId> mine;
  for (int i = 0; i < 5; ++i) mine.push_back(finished_game(games, p.black, p.white, "B+R", i));
  finished_game(games, p.white, third, "B+R", 9);
  auto first = games.games_of_user(p.black, std::nullopt, 2);
  REQUIRE(first);
  REQUIRE(first->size() == 2);
  CHECK((*first)[0].id == mine[4]);
  CHECK((*first)[1].id == mine[3]);
  REQUIRE((*first)[0].result);
  CHECK(to_sgf(*(*first)[0].result) == "B+R");
  CHECK((*first)[0].black_name == "kuro");
  auto next = games.games_of_user(p.black, (*first)[1].id, 100);
  REQUIRE(next);
  REQUIRE(next->size() == 3);
  CHECK((*next)[0].id == mine[2]);
  CHECK((*next)[2].id == mine[0]);
  CHECK(games.games_of_user(p.black, std::nullopt, 1000)->size() == 5);
  CHECK(games.games_of_user(p.black, std::nullopt, 0).error().kind == DbErrorKind::invalid_argument);
  CHECK(games.games_of_user(third, std::nullopt, 10)->size() == 1);
}

TEST_CASE_METHOD(StoreTest, "a user's games in progress are listed by id, ended ones and others' left out",
                 "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const UserId third = create_user(db.stores(), "third").id;
  finished_game(games, p.black, p.white, "B+R", 1);
  const GameId as_black = *games.create(sample_game(p.black, p.white));
  const GameId others = *games.create(sample_game(p.white, third));
  const GameId as_white = *games.create(sample_game(third, p.black));
  CHECK(*games.in_progress_of_user(p.black) == std::vector<GameId>{as_black, as_white});
  CHECK(*games.in_progress_of_user(third) == std::vector<GameId>{others, as_white});
  CHECK(games.in_progress_of_user(777)->empty());
}

TEST_CASE_METHOD(StoreTest, "ended games are listed oldest first by id, a page at a time, annulled ones left out",
                 "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId first = finished_game(games, p.black, p.white, "B+R", 1);
  REQUIRE(games.create(sample_game(p.black, p.white)));  // still being played
  const GameId annulled = finished_game(games, p.white, p.black, "W+R", 2);
  REQUIRE(games.set_annulled(annulled));
  const GameId second = finished_game(games, p.white, p.black, "W+3.5", 3);
  const GameId third = finished_game(games, p.black, p.white, "B+T", 4);
  CHECK(*games.ended_after(0, 10) == std::vector<GameId>{first, second, third});
  CHECK(*games.ended_after(0, 2) == std::vector<GameId>{first, second});
  CHECK(*games.ended_after(second, 2) == std::vector<GameId>{third});
  CHECK(games.ended_after(third, 2)->empty());
}

TEST_CASE_METHOD(StoreTest, "a player's games in progress are counted, rated ones apart, for a new game",
                 "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  CHECK(*games.lock_games_in_progress(p.black) == GamesInProgress{0, 0});
  NewGame friendly = sample_game(p.black, p.white);
  friendly.settings.rated = false;
  NewGame rated = sample_game(p.white, p.black);
  rated.settings.rated = true;
  REQUIRE(games.create(friendly));
  const GameId rated_id = *games.create(rated);
  const GameId ended = finished_game(games, p.black, p.white, "B+R", 1);
  REQUIRE(ended != rated_id);
  CHECK(*games.lock_games_in_progress(p.black) == GamesInProgress{2, 1});
  CHECK(*games.lock_games_in_progress(p.white) == GamesInProgress{2, 1});
  CHECK(*games.lock_games_in_progress(777) == GamesInProgress{0, 0});
}

TEST_CASE_METHOD(StoreTest, "a game can be annulled and a bad size is refused", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId id = finished_game(games, p.black, p.white, "B+R", 1);
  REQUIRE(games.set_annulled(id));
  CHECK((**games.load(id)).game.annulled);
  CHECK(games.set_annulled(id + 50).error().kind == DbErrorKind::not_found);
  NewGame huge = sample_game(p.black, p.white);
  huge.settings.size = 26;
  CHECK(games.create(huge).error().kind == DbErrorKind::invalid_argument);
}

TEST_CASE_METHOD(StoreTest, "a game's chat is kept with it, the newest lines only, and loaded with it",
                 "[db][games][chat]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  auto id = games.create(sample_game(p.black, p.white));
  REQUIRE(id);
  auto other = games.create(sample_game(p.black, p.white));
  REQUIRE(other);
  REQUIRE(games.append_chat(*other, ChatRecord{"shiro", "elsewhere", "players", 1}));
  const int total = max_chat_lines_per_game + 2;
  for (int i = 0; i < total; ++i) {
    REQUIRE(games.append_chat(*id, ChatRecord{i % 2 ? "shiro" : "kuro", "line " + std::to_string(i),
                                              i % 3 ? "players" : "spectators", 1000 + i}));
  }
  auto loaded = games.load(*id);
  REQUIRE(loaded);
  REQUIRE(loaded->has_value());
  const std::vector<ChatRecord>& chat = (*loaded)->chat;
  REQUIRE(chat.size() == static_cast<std::size_t>(max_chat_lines_per_game));
  CHECK(chat.front().text == "line 2");
  CHECK(chat.front().from == "kuro");
  CHECK(chat.front().channel == "players");
  CHECK(chat.front().at_ms == 1002);
  CHECK(chat.back().text == "line " + std::to_string(total - 1));
  // The other game's line is its own, untouched by the trimming.
  auto in_progress = games.load_in_progress();
  REQUIRE(in_progress);
  REQUIRE(in_progress->size() == 2);
  CHECK((*in_progress)[1].chat.size() == 1);
  CHECK((*in_progress)[1].chat.front().text == "elsewhere");
}

TEST_CASE_METHOD(StoreTest, "a count's final marking is kept with the game and loaded with it",
                 "[db][games][marking]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  const GameId counted = *games.create(sample_game(p.black, p.white));
  GameEnd end{result_of("B+3.5"), 9'000, "final"};
  end.dead = {yunzi::engine::Vertex{7, 4}, yunzi::engine::Vertex{1, 4}};
  REQUIRE(games.end_game(counted, end, {}));
  const GameId resigned = *games.create(sample_game(p.black, p.white));
  REQUIRE(games.end_game(resigned, GameEnd{result_of("W+R"), 9'500, ""}, {}));

  const std::vector<yunzi::engine::Vertex> dead{{1, 4}, {7, 4}};
  CHECK((**games.load(counted)).final_dead == dead);
  CHECK((**games.load(resigned)).final_dead.empty());
  // A game that is no longer in play keeps its first marking: ending it again is refused whole.
  CHECK(games.end_game(counted, GameEnd{result_of("W+1.5"), 9'900, "", {{0, 0}}}, {}).error().kind ==
        DbErrorKind::conflict);
  CHECK((**games.load(counted)).final_dead == dead);
}

TEST_CASE_METHOD(StoreTest, "a stored game's settings come back as one value, every field", "[db][games]") {
  GameStore& games = db.stores().games();
  const Players p = two_players(db);
  NewGame setup = sample_game(p.black, p.white);
  setup.settings.size = 13;
  setup.settings.komi = 0.5;
  setup.settings.handicap = 1;
  setup.settings.rated = false;
  setup.settings.color = yunzi::ColorChoice::black;
  setup.settings.ko = yunzi::KoRule::simple;
  setup.settings.time = yunzi::TimeControl::fischer(300'000, 5'000, 600'000);
  const auto id = games.create(setup);
  REQUIRE(id);
  const yunzi::GameSettings loaded = (**games.load(*id)).game.settings;
  CHECK(loaded.size == 13);
  CHECK(loaded.komi == 0.5);
  CHECK(loaded.handicap == 1);
  CHECK_FALSE(loaded.rated);
  CHECK(loaded.color == yunzi::ColorChoice::black);
  CHECK(loaded.ko == yunzi::KoRule::simple);
  CHECK(loaded.time == yunzi::TimeControl::fischer(300'000, 5'000, 600'000));
  CHECK(loaded == setup.settings);
}
