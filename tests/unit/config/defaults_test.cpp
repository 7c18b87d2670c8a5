#include <catch2/catch.hpp>

#include "config_test_support.hpp"
#include "server/config/settings.hpp"

using namespace yunzi;
using namespace yunzi::config;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t day_ms = 24LL * 3600 * 1000;

}  // namespace

TEST_CASE("with no sources the defaults apply", "[config][defaults]") {
  auto loaded = config_test::load({});
  REQUIRE(loaded.has_value());
  CHECK_FALSE(loaded->help_requested);
  const ServerConfig& c = loaded->config;
  CHECK(c.net.bind_address == "127.0.0.1");
  CHECK(c.net.port == 8080);
  CHECK(c.net.trusted_proxies.empty());
  CHECK(c.metrics_allow == std::vector<std::string>{"127.0.0.0/8", "::1"});
  CHECK(c.data_dir == "var");
  CHECK(c.database_file == "yunzi.sqlite3");
  CHECK(c.database_path() == "var/yunzi.sqlite3");
  CHECK(c.net.static_dir == "web");
  CHECK(c.net.threads == static_cast<unsigned>(default_io_threads()));
  CHECK(c.net.threads >= 1);
  CHECK(c.net.max_frame_bytes == 16384);
  CHECK(c.net.messages_per_second == 20);
  CHECK(c.net.message_burst == 40);
  CHECK(c.net.send_queue_frames == 256);
  CHECK(c.net.send_queue_bytes == 4 * 1024 * 1024);
  CHECK(c.net.max_connections_per_address == 64);
  CHECK(c.app.connections_per_user == 8);
  CHECK(c.app.lobby_limits.seeks_per_user == 3);
  CHECK(c.app.lobby_limits.challenges_per_user == 5);
  CHECK(c.app.lobby_limits.games_per_user == 10);
  CHECK(c.app.reports_per_hour == 10);
  CHECK(c.app.lobby_limits.seeks_max == 500);
  CHECK(c.app.lobby_limits.list_max == 2000);
  CHECK(c.app.lobby_limits.chat_history == 100);
  CHECK(c.app.lobby_chat_per_minute == 10);
  CHECK(c.app.messages_per_minute == 20);
  CHECK(c.app.message_partners_per_hour == 10);
  CHECK(c.app.follow_online_quiet == std::chrono::minutes(10));
  CHECK(c.app.analysis_engine == "gnugo");
  CHECK(c.app.analysis_open_per_user == 3);
  CHECK(c.app.analyses_per_day == 20);
  CHECK(c.app.analysis_queue == 500);
  CHECK(c.app.problem_library);
  CHECK(c.app.problem_solver_queue == 16);
  CHECK(c.app.problem_solver_nodes == 300'000);
  CHECK(c.app.board_limits.boards_per_user == 50);
  CHECK(c.app.board_limits.nodes_per_board == 2000);
  CHECK(c.app.board_limits.boards_per_hour == 20);
  CHECK(c.app.board_limits.idle == 600s);
  CHECK(c.net.idle_timeout == 90s);
  CHECK(c.app.plan_rules.default_clock == yunzi::TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(c.app.disconnect_grace == 120s);
  CHECK(c.app.scoring_deadline == 180s);
  CHECK(password_hash_cost(c.accounts.cost) == PasswordHashCost::interactive);
  CHECK(c.accounts.session_lifetime_ms == 30LL * day_ms);
  CHECK(c.accounts.throttle.per_name_address == accounts::Allowance{5, 60'000});
  CHECK(c.accounts.throttle.per_name == accounts::Allowance{10, 300'000});
  CHECK(c.accounts.throttle.per_address == accounts::Allowance{50, 10'000});
  CHECK(c.accounts.signups.per_hour == 10);
  CHECK(c.accounts.retire_after_ms == 1095LL * day_ms);
  CHECK_FALSE(c.app.plan_rules.bots_may_play_rated);
  CHECK(c.ranking_policy == RankingPolicy::tom);
  CHECK(c.association_rules.scores == yunzi::ranking::default_association_scores);
  CHECK(c.association_rules.reading == yunzi::ranking::AverageReading::sliding);
  CHECK_FALSE(c.association_rules.demotion_below_tenths.has_value());
  CHECK(c.app.recommendation_approval);
  CHECK(c.tournament_export.country == "CN");
  CHECK(c.tournament_export.club == "yunzi");
  CHECK(c.tournament_export.tournament_class == "B");
  CHECK(log_level(c.log.level) == LogLevel::info);
  CHECK(c.log.format == logging::LogFormat::text);
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
