#include "tests/unit/db/temp_database.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

namespace yunzi::db::testing {

Connection open_migrated(const std::string& path) {
  auto opened = open_database(path);
  INFO(path << ": " << (opened ? std::string() : opened.error().message));
  REQUIRE(opened);
  return std::move(*opened);
}

Connection open_migrated(const DatabaseTarget& target) {
  auto opened = open_database(target);
  INFO(describe(target) << ": " << (opened ? std::string() : opened.error().message));
  REQUIRE(opened);
  return std::move(*opened);
}

std::optional<std::string> test_postgres_server() {
  const char* server = std::getenv("YUNZI_TEST_POSTGRES");
  if (!server || !*server) return std::nullopt;
  return std::string(server);
}

DatabaseTarget fresh_postgres_database(const std::string& server) {
  // Schemas rather than databases: CREATE SCHEMA takes a millisecond where
  // CREATE DATABASE copies a template. They are left for the cluster's
  // removal at the end of the run.
  static std::atomic<int> made{0};
  const std::string schema = "t" + std::to_string(::getpid()) + "_" + std::to_string(++made);
  auto admin = open_postgresql(server);
  INFO(server << ": " << (admin ? std::string() : admin.error().message));
  REQUIRE(admin);
  REQUIRE(admin->run_script("CREATE SCHEMA " + schema));
  return DatabaseTarget{Engine::postgresql, server + (server.find('?') == std::string::npos ? "?" : "&") +
                                                "options=-csearch_path%3D" + schema};
}

DatabaseTarget fresh_test_database(const TempDir& dir) {
  if (auto server = test_postgres_server()) return fresh_postgres_database(*server);
  return DatabaseTarget{Engine::sqlite, dir.file("yunzi.db")};
}

TempDatabase::TempDatabase()
    : target_(fresh_test_database(dir_)), connection_(open_migrated(target_)), stores_(connection_) {}

Rank rank_at(int index) {
  auto rank = Rank::from_index(index);
  REQUIRE(rank);
  return *rank;
}

NewUser sample_user(const std::string& name, int rank_index) {
  NewUser user;
  user.name = name;
  user.name_key = name;
  user.password_hash = "$argon2id$sample-of-" + name;  // the store keeps hashes opaque
  user.rank = rank_at(rank_index);
  user.created_ms = 1'000;
  return user;
}

UserRecord create_user(Stores& stores, const std::string& name, int rank_index) {
  auto created = stores.users().create(sample_user(name, rank_index));
  if (!created) throw std::runtime_error(created.error().message);
  return *created;
}

NewGame sample_game(UserId black, UserId white) {
  NewGame game;
  game.black_id = black;
  game.white_id = white;
  game.black_rank = rank_at(15);
  game.white_rank = rank_at(16);
  game.settings.color = yunzi::ColorChoice::white;
  game.settings.ko = yunzi::KoRule::positional;
  game.settings.rated = true;
  game.settings.komi = 7.5;
  game.settings.size = 19;
  game.settings.time = yunzi::TimeControl::byoyomi(1'200'000, 3, 30'000);
  game.started_ms = 5'000;
  game.clock_state = "{}";
  return game;
}

MoveRecord sample_move(int number, int x, int y) {
  MoveRecord move;
  move.number = number;
  move.move.color = number % 2 == 1 ? engine::Color::black : engine::Color::white;
  move.move.vertex = engine::Vertex{x, y};
  move.clock_ms = 1'200'000 - number * 1000;
  move.periods_left = 3;
  move.server_ms = 5'000 + number * 1000;
  return move;
}

GameResult result_of(const std::string& sgf) {
  const auto result = parse_sgf_result(sgf);
  if (!result) throw std::invalid_argument("not a game result: " + sgf);
  return *result;
}

}  // namespace yunzi::db::testing
