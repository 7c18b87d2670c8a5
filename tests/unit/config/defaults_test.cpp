#include <catch2/catch.hpp>

#include "config_test_support.hpp"
#include "server/config/settings.hpp"

using namespace yunzi;
using namespace yunzi::config;
using namespace std::chrono_literals;

TEST_CASE("with no sources the defaults apply", "[config][defaults]") {
  auto loaded = config_test::load({});
  REQUIRE(loaded.has_value());
  CHECK_FALSE(loaded->help_requested);
  const ServerConfig& c = loaded->config;
  CHECK(c.bind_address == "127.0.0.1");
  CHECK(c.port == 8080);
  CHECK(c.trusted_proxies.empty());
  CHECK(c.metrics_allow == std::vector<std::string>{"127.0.0.0/8", "::1"});
  CHECK(c.data_dir == "var");
  CHECK(c.database_file == "yunzi.sqlite3");
  CHECK(c.database_path() == "var/yunzi.sqlite3");
  CHECK(c.web_root == "web");
  CHECK(c.io_threads == default_io_threads());
  CHECK(c.io_threads >= 1);
  CHECK(c.frame_limit_bytes == 16384);
  CHECK(c.rate_limit_per_second == 20);
  CHECK(c.rate_burst == 40);
  CHECK(c.outgoing_queue_limit == 256);
  CHECK(c.outgoing_queue_bytes == 4 * 1024 * 1024);
  CHECK(c.connections_per_address == 64);
  CHECK(c.connections_per_user == 8);
  CHECK(c.seeks_per_user == 3);
  CHECK(c.challenges_per_user == 5);
  CHECK(c.games_per_user == 10);
  CHECK(c.reports_per_hour == 10);
  CHECK(c.lobby_seeks_max == 500);
  CHECK(c.lobby_list_max == 2000);
  CHECK(c.lobby_chat_history == 100);
  CHECK(c.lobby_chat_per_minute == 10);
  CHECK(c.messages_per_minute == 20);
  CHECK(c.message_partners_per_hour == 10);
  CHECK(c.max_boards_per_user == 50);
  CHECK(c.max_board_nodes == 2000);
  CHECK(c.boards_per_hour == 20);
  CHECK(c.board_idle == 600s);
  CHECK(c.idle_timeout == 90s);
  CHECK(c.default_clock == yunzi::TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(c.disconnect_forfeit == 120s);
  CHECK(c.scoring_deadline == 180s);
  CHECK(c.password_hash_cost == PasswordHashCost::interactive);
  CHECK(c.session_days == 30);
  CHECK(c.login_limit_name_address == GuessLimit{5, 60});
  CHECK(c.login_limit_name == GuessLimit{10, 300});
  CHECK(c.login_limit_address == GuessLimit{50, 10});
  CHECK(c.signups_per_address_hour == 10);
  CHECK(c.retire_after_days == 1095);
  CHECK_FALSE(c.bots_may_play_rated);
  CHECK(c.ranking_policy == RankingPolicy::tom);
  CHECK(c.association_rules.scores == yunzi::ranking::default_association_scores);
  CHECK(c.association_rules.reading == yunzi::ranking::AverageReading::sliding);
  CHECK_FALSE(c.association_rules.demotion_below_tenths.has_value());
  CHECK(c.recommendation_approval);
  CHECK(c.log_level == LogLevel::info);
  CHECK_FALSE(c.json_logs);
  CHECK(c == ServerConfig{});
}

TEST_CASE("an absolute database file ignores the data directory", "[config][defaults]") {
  ServerConfig c;
  c.database_file = "/tmp/other.sqlite3";
  CHECK(c.database_path() == "/tmp/other.sqlite3");
}

TEST_CASE("the database is the SQLite file unless a URL names another", "[config][defaults]") {
  ServerConfig c;
  CHECK(c.database_url() == "sqlite:var/yunzi.sqlite3");
  c.database = "postgresql://yunzi@db.example/yunzi";
  CHECK(c.database_url() == "postgresql://yunzi@db.example/yunzi");
}

TEST_CASE("flag and environment names derive from the key", "[config][defaults]") {
  const Setting* data_dir = find_setting_by_key("data_dir");
  REQUIRE(data_dir != nullptr);
  CHECK(flag_name(*data_dir) == "--data-dir");
  CHECK(env_name(*data_dir) == "YUNZI_DATA_DIR");
  CHECK(find_setting_by_flag("--data-dir") == data_dir);
  CHECK(find_setting_by_flag("--bind") == find_setting_by_key("bind"));
  CHECK(find_setting_by_flag("--data_dir") == nullptr);
}

TEST_CASE("enumerated settings read and write their names", "[config][defaults]") {
  for (auto level : {LogLevel::trace, LogLevel::debug, LogLevel::info, LogLevel::warn, LogLevel::error,
                     LogLevel::critical, LogLevel::off}) {
    CHECK(parse_log_level(to_string(level)) == level);
  }
  CHECK(parse_ranking_policy("association") == RankingPolicy::association);
  CHECK(parse_password_hash_cost("min") == PasswordHashCost::min);
  CHECK_FALSE(parse_log_level("verbose").has_value());
}
