#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>

#include "config_test_support.hpp"
#include "server/config/settings.hpp"

using namespace yunzi;
using namespace yunzi::config;
using namespace std::chrono_literals;
using config_test::Env;
using config_test::load;
using config_test::samples;
using config_test::TempFile;

namespace {

const Setting& setting(const std::string& key) {
  const Setting* found = find_setting_by_key(key);
  REQUIRE(found != nullptr);
  return *found;
}

}  // namespace

TEST_CASE("the samples cover every setting and differ from the defaults", "[config][sources]") {
  std::set<std::string> covered;
  for (const auto& sample : samples()) {
    covered.insert(sample.key);
    CHECK(setting(sample.key).show(ServerConfig{}) != sample.text);
  }
  std::set<std::string> all;
  for (const Setting& s : all_settings()) all.insert(std::string(s.key));
  CHECK(covered == all);
}

TEST_CASE("every setting can be given as a flag", "[config][sources]") {
  for (const auto& sample : samples()) {
    const Setting& s = setting(sample.key);
    INFO(flag_name(s));
    auto spaced = load({flag_name(s), sample.text});
    REQUIRE(spaced.has_value());
    CHECK(s.show(spaced->config) == sample.text);
    auto joined = load({flag_name(s) + "=" + sample.text});
    REQUIRE(joined.has_value());
    CHECK(joined->config == spaced->config);
  }
}

TEST_CASE("every setting can be given in the environment", "[config][sources]") {
  for (const auto& sample : samples()) {
    const Setting& s = setting(sample.key);
    INFO(env_name(s));
    auto loaded = load({}, Env{{env_name(s), sample.text}});
    REQUIRE(loaded.has_value());
    CHECK(s.show(loaded->config) == sample.text);
  }
}

TEST_CASE("every setting can be given in the config file", "[config][sources]") {
  nlohmann::json everything = nlohmann::json::object();
  for (const auto& sample : samples()) everything[sample.key] = sample.json;
  TempFile file(everything.dump(2));
  auto loaded = load({"--config", file.path()});
  REQUIRE(loaded.has_value());
  for (const auto& sample : samples()) {
    INFO(sample.key);
    CHECK(setting(sample.key).show(loaded->config) == sample.text);
  }
  const ServerConfig& c = loaded->config;
  CHECK(c.net.port == 9000);
  CHECK(c.net.idle_timeout == 45s);
  CHECK(c.app.plan_rules.default_clock == yunzi::TimeControl::fischer(600'000, 10'000, 1'200'000));
  CHECK(c.app.plan_rules.bots_may_play_rated);
  CHECK(c.ranking_policy == RankingPolicy::association);
  CHECK(c.association_rules.scores[0] == yunzi::ranking::ScoreRow{70, 30});
  CHECK(c.association_rules.scores[4] == yunzi::ranking::ScoreRow{100, 40});
  CHECK(c.association_rules.reading == yunzi::ranking::AverageReading::block);
  CHECK(c.association_rules.demotion_below_tenths == 425);
  CHECK(c.database_path() == "/srv/yunzi/club.sqlite3");
}

TEST_CASE("YUNZI_CONFIG names the file when --config does not", "[config][sources]") {
  TempFile from_env(R"({"port": 1111})");
  TempFile from_flag(R"({"port": 2222})");
  auto by_env = load({}, Env{{"YUNZI_CONFIG", from_env.path()}});
  REQUIRE(by_env.has_value());
  CHECK(by_env->config.net.port == 1111);
  auto by_flag = load({"--config=" + from_flag.path()}, Env{{"YUNZI_CONFIG", from_env.path()}});
  REQUIRE(by_flag.has_value());
  CHECK(by_flag->config.net.port == 2222);
}

TEST_CASE("sources override in order: defaults < file < environment < flags", "[config][sources]") {
  TempFile file(R"({"port": 1000, "data_dir": "from-file", "log_level": "warn", "json_logs": true})");
  const Env env{{"YUNZI_PORT", "2000"}, {"YUNZI_DATA_DIR", "from-env"}};
  auto loaded = load({"--config", file.path(), "--port", "3000"}, env);
  REQUIRE(loaded.has_value());
  const ServerConfig& c = loaded->config;
  CHECK(c.net.port == 3000);                        // flag beats environment and file
  CHECK(c.data_dir == "from-env");                  // environment beats file
  CHECK(log_level(c.log.level) == LogLevel::warn);  // file beats default
  CHECK(c.log.format == logging::LogFormat::json);
  CHECK(c.net.static_dir == "web");  // nobody set it
  CHECK(c.accounts.session_lifetime_ms == 30LL * 24 * 3600 * 1000);
}

TEST_CASE("the flag order on the command line does not matter for --config", "[config][sources]") {
  TempFile file(R"({"port": 1000, "rate_limit": 9})");
  auto loaded = load({"--port", "3000", "--config", file.path()});
  REQUIRE(loaded.has_value());
  CHECK(loaded->config.net.port == 3000);
  CHECK(loaded->config.net.messages_per_second == 9);
}

TEST_CASE("a repeated flag takes its last value", "[config][sources]") {
  auto loaded = load({"--port", "1", "--port", "2"});
  REQUIRE(loaded.has_value());
  CHECK(loaded->config.net.port == 2);
}

TEST_CASE("boolean flags: bare means true, values spell either", "[config][sources]") {
  const auto json = logging::LogFormat::json;
  CHECK(load({"--json-logs"})->config.log.format == json);
  CHECK_FALSE(load({"--json-logs", "false"}, Env{{"YUNZI_JSON_LOGS", "true"}})->config.log.format == json);
  CHECK(load({"--json-logs", "on"})->config.log.format == json);
  CHECK_FALSE(load({"--json-logs=false"}, Env{{"YUNZI_JSON_LOGS", "yes"}})->config.log.format == json);
  CHECK(load({}, Env{{"YUNZI_JSON_LOGS", "on"}})->config.log.format == json);
  CHECK_FALSE(load({}, Env{{"YUNZI_BOTS_MAY_PLAY_RATED", "0"}})->config.app.plan_rules.bots_may_play_rated);
  auto followed = load({"--bots-may-play-rated", "--port", "81"});
  REQUIRE(followed.has_value());
  CHECK(followed->config.app.plan_rules.bots_may_play_rated);
  CHECK(followed->config.net.port == 81);
}

TEST_CASE("IPv6 addresses and port 0 are accepted", "[config][sources]") {
  auto loaded = load({"--bind", "::1", "--port", "0"});
  REQUIRE(loaded.has_value());
  CHECK(loaded->config.net.bind_address == "::1");
  CHECK(loaded->config.net.port == 0);
}

TEST_CASE("a country code in small letters is kept in capitals, as the EGF file writes it", "[config][sources]") {
  auto loaded = load({"--tournament-country", "nl"});
  REQUIRE(loaded.has_value());
  CHECK(loaded->config.tournament_export.country == "NL");
}

TEST_CASE("--help is reported without applying anything", "[config][sources]") {
  for (const char* word : {"--help", "-h"}) {
    auto loaded = load({"--port", "9", word}, Env{{"YUNZI_PORT", "not a port"}});
    REQUIRE(loaded.has_value());
    CHECK(loaded->help_requested);
  }
}

TEST_CASE("the process environment is read", "[config][sources]") {
  ::setenv("YUNZI_SESSION_DAYS", "12", 1);
  const char* argv[] = {"yunzi-server", "--retire-after-days", "400"};
  auto loaded = load_config(3, argv);
  ::unsetenv("YUNZI_SESSION_DAYS");
  REQUIRE(loaded.has_value());
  CHECK(loaded->config.accounts.session_lifetime_ms == 12LL * 24 * 3600 * 1000);
  CHECK(loaded->config.accounts.retire_after_ms == 400LL * 24 * 3600 * 1000);
}
