#include <catch2/catch.hpp>

#include <filesystem>

#include "config_test_support.hpp"
#include "server/config/settings.hpp"

using namespace yunzi;
using namespace yunzi::config;
using config_test::Env;
using config_test::load;
using config_test::TempFile;

namespace {

ConfigError error_of(std::vector<std::string> args, const Env& env = {}) {
  auto loaded = load(std::move(args), env);
  REQUIRE_FALSE(loaded.has_value());
  return loaded.error();
}

}  // namespace

TEST_CASE("an unknown flag is named", "[config][errors]") {
  const auto error = error_of({"--prot", "80"});
  CHECK(error.kind == ConfigErrorKind::unknown_flag);
  CHECK(error.message == "unknown flag --prot (see --help for the list)");
  CHECK(error_of({"--data_dir=x"}).kind == ConfigErrorKind::unknown_flag);
}

TEST_CASE("a flag without its value", "[config][errors]") {
  auto at_end = error_of({"--port"});
  CHECK(at_end.kind == ConfigErrorKind::missing_value);
  CHECK(at_end.message == "--port needs a value (see --help)");
  CHECK(error_of({"--data-dir", "--port", "1"}).kind == ConfigErrorKind::missing_value);
  CHECK(error_of({"--config"}).kind == ConfigErrorKind::missing_value);
}

TEST_CASE("a word that is not a flag", "[config][errors]") {
  const auto error = error_of({"serve"});
  CHECK(error.kind == ConfigErrorKind::unexpected_argument);
  CHECK_THAT(error.message, Catch::Contains("unexpected argument \"serve\""));
  CHECK(error_of({"--json-logs", "maybe"}).kind == ConfigErrorKind::unexpected_argument);
  CHECK(error_of({"-p", "80"}).kind == ConfigErrorKind::unexpected_argument);
}

TEST_CASE("bad values name their source and what was expected", "[config][errors]") {
  struct Case {
    std::vector<std::string> args;
    Env env;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"--port", "80x"}, {}, "--port: \"80x\" is not a whole number from 0 to 65535"},
      {{"--port", "65536"}, {}, "--port: \"65536\" is out of range: expected a whole number from 0 to 65535"},
      {{"--port=99999999999999999999"}, {}, "--port: \"99999999999999999999\" is out of range"},
      {{"--port="}, {}, "--port: \"\" is not a whole number"},
      {{}, {{"YUNZI_PORT", "-1"}}, "environment YUNZI_PORT: \"-1\" is out of range"},
      {{"--bind", "localhost"}, {}, "--bind: \"localhost\" is not an IPv4 or IPv6 address"},
      {{"--database", "mysql://db/yunzi"},
       {},
       "--database: expected sqlite:PATH or postgresql://..., got 'mysql://db/yunzi'"},
      {{"--bind", "256.1.1.1"}, {}, "is not an IPv4 or IPv6 address"},
      {{"--node", "n1; DROP TABLE games"},
       {},
       "--node: expected at most 64 letters, digits, '_' or '-', got 'n1; DROP TABLE games'"},
      {{"--node", std::string(65, 'n')}, {}, "--node: expected at most 64 letters"},
      {{"--node", "eu.n1"}, {}, "--node: expected at most 64 letters, digits, '_' or '-', got 'eu.n1'"},
      {{"--lease-s", "0"}, {}, "--lease-s: \"0\" is out of range"},
      {{"--nats", "http://10.0.0.5:4222"}, {}, "is not a NATS server URL (such as nats://127.0.0.1:4222)"},
      {{"--data-dir="}, {}, "--data-dir: must not be empty"},
      {{}, {{"YUNZI_WEB_ROOT", ""}}, "environment YUNZI_WEB_ROOT: must not be empty"},
      {{"--io-threads", "0"}, {}, "--io-threads: \"0\" is out of range: expected a whole number from 1 to 256"},
      {{"--frame-limit", "100"}, {}, "--frame-limit: \"100\" is out of range"},
      {{"--rate-limit", "0"}, {}, "--rate-limit: \"0\" is out of range"},
      {{"--rate-burst", "2.5"}, {}, "--rate-burst: \"2.5\" is not a whole number"},
      {{"--outgoing-queue-limit", "1"}, {}, "out of range"},
      {{"--idle-timeout-s", "1"}, {}, "--idle-timeout-s: \"1\" is out of range"},
      {{"--default-clock", "byoyomi:1200/0/30"},
       {},
       "--default-clock: \"byoyomi:1200/0/30\": byo-yomi periods must be between 1 and 100"},
      {{},
       {{"YUNZI_DEFAULT_CLOCK", "blitz"}},
       "environment YUNZI_DEFAULT_CLOCK: \"blitz\" does not name a time system"},
      {{"--disconnect-forfeit-s", "5"}, {}, "--disconnect-forfeit-s: \"5\" is out of range"},
      {{"--scoring-deadline-s", "x"}, {}, "--scoring-deadline-s: \"x\" is not a whole number"},
      {{"--password-hash-cost", "high"}, {}, "--password-hash-cost: \"high\" is not interactive or min"},
      {{"--session-days", "0"}, {}, "--session-days: \"0\" is out of range"},
      {{"--login-limit-name", "10"}, {}, "--login-limit-name: \"10\" is not BURST/SECONDS (such as 5/60)"},
      {{"--login-limit-address", "0/10"}, {}, "--login-limit-address: burst \"0\" is out of range"},
      {{"--login-limit-name-address", "5/"}, {}, "--login-limit-name-address: seconds \"\" is not a whole number"},
      {{},
       {{"YUNZI_LOGIN_LIMIT_NAME", "5/90000"}},
       "environment YUNZI_LOGIN_LIMIT_NAME: seconds \"90000\" is out of range"},
      {{"--signups-per-address-hour", "0"}, {}, "--signups-per-address-hour: \"0\" is out of range"},
      {{"--retire-after-days", "99999"}, {}, "--retire-after-days: \"99999\" is out of range"},
      {{"--bots-may-play-rated=maybe"}, {}, "--bots-may-play-rated: \"maybe\" is not true or false"},
      {{"--ranking-policy", "elo"}, {}, "--ranking-policy: \"elo\" is not tom or association"},
      {{"--association-scores", "80/20,85/25,90/30,95/35"},
       {},
       "--association-scores: \"80/20,85/25,90/30,95/35\" is not five WIN/LOSS scores"},
      {{"--association-scores", "80/20,85/25,90/30,95/35,100/140"}, {}, "is not five WIN/LOSS scores (0..100)"},
      {{"--association-average", "rolling"}, {}, "--association-average: \"rolling\" is not sliding or block"},
      {{"--association-demotion-below", "40.25"},
       {},
       "--association-demotion-below: \"40.25\" is not none or an average from 0 to 100"},
      {{},
       {{"YUNZI_ASSOCIATION_DEMOTION_BELOW", "101"}},
       "environment YUNZI_ASSOCIATION_DEMOTION_BELOW: \"101\" is not none"},
      {{"--tournament-country", "CHN"},
       {},
       "--tournament-country: \"CHN\" is not a two-letter country code (such as CN)"},
      {{"--tournament-country", "C1"}, {}, "\"C1\" is not a two-letter country code"},
      {{"--tournament-club", "Go Club"},
       {},
       "--tournament-club: \"Go Club\" is not 1 to 10 letters and digits (one word, such as yunzi)"},
      {{"--tournament-club="}, {}, "--tournament-club: \"\" is not 1 to 10 letters and digits"},
      {{}, {{"YUNZI_TOURNAMENT_CLUB", "yunzi;drop"}}, "environment YUNZI_TOURNAMENT_CLUB: \"yunzi;drop\" is not 1"},
      {{"--tournament-class", "b"}, {}, "--tournament-class: \"b\" is not A, B, C or D"},
      {{"--log-level", "verbose"}, {}, "\"verbose\" is not trace, debug, info, warn, error, critical or off"},
      {{}, {{"YUNZI_JSON_LOGS", "TRUE"}}, "environment YUNZI_JSON_LOGS: \"TRUE\" is not true or false"},
      {{"--metrics-allow", "10.0.0.0/33"}, {}, "--metrics-allow: \"10.0.0.0/33\" is not an IP address or CIDR range"},
      {{"--metrics-allow", "10.0.0.1/8"}, {}, "\"10.0.0.1/8\" is not an IP address or CIDR range"},
      {{"--metrics-allow", "::1,localhost"}, {}, "\"localhost\" is not an IP address or CIDR range"},
      {{}, {{"YUNZI_METRICS_ALLOW", "fd00::/129"}}, "environment YUNZI_METRICS_ALLOW: \"fd00::/129\" is not"},
  };
  for (const auto& c : cases) {
    INFO(c.message);
    const auto error = error_of(c.args, c.env);
    CHECK(error.kind == ConfigErrorKind::bad_value);
    CHECK_THAT(error.message, Catch::Contains(c.message));
  }
}

TEST_CASE("a bad flag value is reported even when the environment is fine", "[config][errors]") {
  CHECK(error_of({"--port", "x"}, Env{{"YUNZI_PORT", "1"}}).message ==
        "--port: \"x\" is not a whole number from 0 to 65535");
}

TEST_CASE("an unreadable config file", "[config][errors]") {
  const yunzi::test_support::TempDir dir;
  const std::string missing = dir.file("no-such-config.json");
  auto error = error_of({"--config", missing});
  CHECK(error.kind == ConfigErrorKind::unreadable_file);
  CHECK(error.message == "config file " + missing + ": cannot be read: No such file or directory");

  auto from_env = error_of({}, Env{{"YUNZI_CONFIG", missing}});
  CHECK(from_env.kind == ConfigErrorKind::unreadable_file);

  const std::string directory = dir.path().string();
  auto is_directory = error_of({"--config", directory});
  CHECK(is_directory.kind == ConfigErrorKind::unreadable_file);
  CHECK_THAT(is_directory.message, Catch::Contains("is a directory"));
}

TEST_CASE("a config file that is not a JSON object", "[config][errors]") {
  TempFile broken(R"({"port": 80,)");
  auto error = error_of({"--config", broken.path()});
  CHECK(error.kind == ConfigErrorKind::malformed_file);
  CHECK_THAT(error.message, Catch::Contains(broken.path() + ": not valid JSON (at byte"));

  TempFile empty("");
  CHECK(error_of({"--config", empty.path()}).kind == ConfigErrorKind::malformed_file);

  TempFile list(R"([{"port": 80}])");
  auto not_object = error_of({"--config", list.path()});
  CHECK(not_object.kind == ConfigErrorKind::malformed_file);
  CHECK_THAT(not_object.message, Catch::Contains("must hold one JSON object of settings"));
}

TEST_CASE("an unknown key in the config file", "[config][errors]") {
  TempFile file(R"({"port": 80, "prot": 81})");
  auto error = error_of({"--config", file.path()});
  CHECK(error.kind == ConfigErrorKind::unknown_key);
  CHECK(error.message == "config file " + file.path() + ", key \"prot\": no such setting (see --help)");

  TempFile dashed(R"({"data-dir": "x"})");
  CHECK(error_of({"--config", dashed.path()}).kind == ConfigErrorKind::unknown_key);
  TempFile nested(R"({"config": "other.json"})");
  CHECK(error_of({"--config", nested.path()}).kind == ConfigErrorKind::unknown_key);
}

TEST_CASE("a config file value of the wrong JSON type or range", "[config][errors]") {
  TempFile quoted_port(R"({"port": "8080"})");
  auto error = error_of({"--config", quoted_port.path()});
  CHECK(error.kind == ConfigErrorKind::bad_value);
  CHECK(error.message == "config file " + quoted_port.path() + ", key \"port\": expected a whole number, got \"8080\"");

  TempFile fractional(R"({"rate_limit": 2.5})");
  CHECK_THAT(error_of({"--config", fractional.path()}).message, Catch::Contains("expected a whole number, got 2.5"));
  TempFile string_bool(R"({"json_logs": "true"})");
  CHECK_THAT(error_of({"--config", string_bool.path()}).message, Catch::Contains("expected true or false"));
  TempFile number_text(R"({"data_dir": 5})");
  CHECK_THAT(error_of({"--config", number_text.path()}).message, Catch::Contains("expected a string, got 5"));
  TempFile out_of_range(R"({"session_days": -3})");
  auto range = error_of({"--config", out_of_range.path()});
  CHECK(range.kind == ConfigErrorKind::bad_value);
  CHECK_THAT(range.message, Catch::Contains("key \"session_days\": \"-3\" is out of range"));
}
