// Shared by the config tests: a fake environment, real temporary config
// files, and one sample value for every setting.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/config/config_loader.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text_files.hpp"

namespace config_test {

using Env = std::map<std::string, std::string, std::less<>>;

inline yunzi::config::EnvLookup lookup_in(const Env& env) {
  return [env](std::string_view name) -> std::optional<std::string> {
    auto found = env.find(name);
    if (found == env.end()) return std::nullopt;
    return found->second;
  };
}

inline yunzi::Expected<yunzi::config::LoadedConfig, yunzi::config::ConfigError> load(std::vector<std::string> args,
                                                                                     const Env& env = {}) {
  return yunzi::config::load_config(args, lookup_in(env));
}

// A config file in a temporary directory of its own, removed when the test ends.
class TempFile {
 public:
  explicit TempFile(const std::string& contents) { yunzi::test_support::write_file(dir_ / "config.json", contents); }
  std::string path() const { return dir_.file("config.json"); }

 private:
  yunzi::test_support::TempDir dir_{"yunzi-config-test"};
};

// One value every setting can take that differs from its default: as the
// text of a flag or variable, and as the JSON the file holds.
struct Sample {
  std::string key;
  std::string text;
  nlohmann::json json;
};

inline std::vector<Sample> samples() {
  return {
      {"bind", "0.0.0.0", "0.0.0.0"},
      {"port", "9000", 9000},
      {"trusted_proxies", "127.0.0.1,::1", nlohmann::json::array({"127.0.0.1", "::1"})},
      {"metrics_allow", "10.0.0.0/8,2001:db8::/32,192.0.2.7",
       nlohmann::json::array({"10.0.0.0/8", "2001:db8::/32", "192.0.2.7"})},
      {"data_dir", "/srv/yunzi", "/srv/yunzi"},
      {"database_file", "club.sqlite3", "club.sqlite3"},
      {"database", "postgresql://yunzi@db.example/yunzi", "postgresql://yunzi@db.example/yunzi"},
      {"node", "node-2_eu-west", "node-2_eu-west"},
      {"lease_s", "7", 7},
      {"nats", "nats://10.0.0.5:4222,nats://10.0.0.6:4222",
       nlohmann::json::array({"nats://10.0.0.5:4222", "nats://10.0.0.6:4222"})},
      {"web_root", "/srv/web", "/srv/web"},
      {"io_threads", "77", 77},
      {"frame_limit", "65536", 65536},
      {"rate_limit", "5", 5},
      {"rate_burst", "7", 7},
      {"outgoing_queue_limit", "1024", 1024},
      {"outgoing_queue_bytes", "1048576", 1048576},
      {"connections_per_address", "0", 0},
      {"connections_per_user", "2", 2},
      {"seeks_per_user", "1", 1},
      {"challenges_per_user", "20", 20},
      {"games_per_user", "3", 3},
      {"reports_per_hour", "100", 100},
      {"lobby_seeks_max", "50", 50},
      {"lobby_list_max", "300", 300},
      {"lobby_chat_history", "20", 20},
      {"lobby_chat_per_minute", "3", 3},
      {"messages_per_minute", "5", 5},
      {"message_partners_per_hour", "2", 2},
      {"follow_online_quiet_s", "90", 90},
      {"analysis_engine", "katago-b18", "katago-b18"},
      {"analysis_open_per_user", "2", 2},
      {"analyses_per_day", "9", 9},
      {"analysis_queue", "70", 70},
      {"problem_solver_queue", "4", 4},
      {"problem_solver_nodes", "50000", 50000},
      {"max_boards_per_user", "3", 3},
      {"max_board_nodes", "40", 40},
      {"boards_per_hour", "4", 4},
      {"board_idle_s", "30", 30},
      {"idle_timeout_s", "45", 45},
      {"close_timeout_s", "2", 2},
      {"default_clock", "fischer:600/10/1200", "fischer:600/10/1200"},
      {"disconnect_forfeit_s", "300", 300},
      {"scoring_deadline_s", "600", 600},
      {"password_hash_cost", "min", "min"},
      {"session_days", "7", 7},
      {"login_limit_name_address", "3/600", "3/600"},
      {"login_limit_name", "20/60", "20/60"},
      {"login_limit_address", "200/1", "200/1"},
      {"signups_per_address_hour", "2", 2},
      {"retire_after_days", "365", 365},
      {"bots_may_play_rated", "true", true},
      {"ranking_policy", "association", "association"},
      {"association_scores", "70/30,80/30,90/30,95/35,100/40", "70/30,80/30,90/30,95/35,100/40"},
      {"association_average", "block", "block"},
      {"association_demotion_below", "42.5", "42.5"},
      {"recommendation_approval", "false", false},
      {"problem_library", "false", false},
      {"tournament_country", "NL", "NL"},
      {"tournament_club", "Amst1", "Amst1"},
      {"tournament_class", "A", "A"},
      {"log_level", "debug", "debug"},
      {"json_logs", "true", true},
      {"log_file", "/var/log/yunzi/yunzi.log", "/var/log/yunzi/yunzi.log"},
  };
}

}  // namespace config_test
