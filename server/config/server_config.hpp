// Every setting the server reads at start, with its default. Where the
// values come from (file, environment, flags) is config_loader.hpp's job;
// the table of settings with their flag and environment names is
// settings.hpp's.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/time_control.hpp"
#include "server/ranking/association_rules.hpp"

namespace yunzi::config {

// libsodium's opslimit/memlimit pairs: "interactive" for production, "min"
// for tests and small machines.
enum class PasswordHashCost : std::uint8_t { interactive, min };
std::string_view to_string(PasswordHashCost cost);
std::optional<PasswordHashCost> parse_password_hash_cost(std::string_view text);

// "tom": the TOM rank table; "association": the association policy for dan
// players (shared/design/rules-and-ranking.md).
enum class RankingPolicy : std::uint8_t { tom, association };
std::string_view to_string(RankingPolicy policy);
std::optional<RankingPolicy> parse_ranking_policy(std::string_view text);

// The names are spdlog's (spdlog::level::from_str accepts them).
enum class LogLevel : std::uint8_t { trace, debug, info, warn, error, critical, off };
std::string_view to_string(LogLevel level);
std::optional<LogLevel> parse_log_level(std::string_view text);

// A limit on password guesses: `burst` at once, then one more every
// `refill_s` seconds. Spelled "BURST/SECONDS" ("5/60").
struct GuessLimit {
  int burst = 1;
  int refill_s = 60;
  friend bool operator==(const GuessLimit&, const GuessLimit&) = default;
};
std::string to_string(const GuessLimit& limit);

// std::thread::hardware_concurrency(), or 1 when it is unknown.
int default_io_threads();

struct ServerConfig {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (tests)
  // Peers (reverse proxies) whose X-Forwarded-For names the client; IP literals.
  std::vector<std::string> trusted_proxies;
  // Clients (IP literals or CIDR ranges) that may read /metrics; others get 403.
  std::vector<std::string> metrics_allow = {"127.0.0.0/8", "::1"};
  std::string data_dir = "var";
  std::string database_file = "yunzi.sqlite3";  // inside data_dir unless absolute
  // sqlite:PATH or postgresql://...; empty: the SQLite file database_path().
  std::string database;
  // This node's name in a cluster (several nodes on one PostgreSQL
  // database); empty: a single node, which holds the database alone.
  std::string node;
  // How long a node's hold on its games lasts unrenewed before another node
  // may take them over (renewed every third of it).
  std::chrono::seconds lease{15};
  // In a cluster, the NATS servers the nodes hear each other through
  // (nats://host:port each); empty: no bus.
  std::vector<std::string> nats;
  std::string web_root = "web";
  int io_threads = default_io_threads();
  std::size_t frame_limit_bytes = 16384;               // largest WebSocket message accepted
  int rate_limit_per_second = 20;                      // requests a connection may send per second...
  int rate_burst = 40;                                 // ...with this many at once
  std::size_t outgoing_queue_limit = 256;              // events queued to a slow reader before it is cut off
  std::size_t outgoing_queue_bytes = 4 * 1024 * 1024;  // ...and their bytes; the largest lobby snapshot fits half
  // What one user or address may hold, so that nobody can take the lobby
  // away from everybody (server/app/README.md, "Limits").
  int connections_per_address = 64;       // WebSocket connections of one client address (0: no cap)
  int connections_per_user = 8;           // signed-in connections of one account
  int seeks_per_user = 3;                 // open seeks
  int challenges_per_user = 5;            // pending challenges sent
  int games_per_user = 10;                // games in progress
  int reports_per_hour = 10;              // reports sent within any hour
  int lobby_seeks_max = 500;              // open seeks in the whole lobby
  int lobby_list_max = 2000;              // users, and games, one lobby.watch snapshot lists
  int lobby_chat_history = 100;           // lobby chat lines kept (in memory) and sent with lobby.watch
  int lobby_chat_per_minute = 10;         // lobby chat lines one user may send within any minute
  int messages_per_minute = 20;           // private messages one user may send within any minute
  int message_partners_per_hour = 10;     // users who never answered whom one user may start writing to in an hour
  int max_boards_per_user = 50;           // analysis boards one user holds
  int max_board_nodes = 2000;             // nodes of one analysis board, the root included
  int boards_per_hour = 20;               // analysis boards one user may make within any hour
  std::chrono::seconds board_idle{600};   // an open board nobody watches leaves memory after this long
  std::chrono::seconds idle_timeout{90};  // a connection silent this long is closed
  TimeControl default_clock{};            // byo-yomi 1200 s, 3 x 30 s
  std::chrono::seconds disconnect_forfeit{120};
  std::chrono::seconds scoring_deadline{180};
  PasswordHashCost password_hash_cost = PasswordHashCost::interactive;
  int session_days = 30;
  // Wrong passwords for one name from one address, for one name from all
  // addresses, and from one address for all names (server/accounts/login_throttle.hpp).
  GuessLimit login_limit_name_address{5, 60};
  GuessLimit login_limit_name{10, 300};
  GuessLimit login_limit_address{50, 10};
  int signups_per_address_hour = 10;  // new accounts one address may create in any hour
  int retire_after_days = 1095;       // inactive players leave the rank lists
  bool bots_may_play_rated = false;
  RankingPolicy ranking_policy = RankingPolicy::tom;
  // The association policy's own choices (scores, window reading, demotion); unused under "tom".
  ranking::AssociationRules association_rules{};
  bool recommendation_approval = true;  // recommendations to 6d wait for an admin
  LogLevel log_level = LogLevel::info;
  bool json_logs = false;
  std::string log_file;  // empty: standard error

  // data_dir joined with database_file (database_file alone when absolute).
  std::string database_path() const;
  // `database`, or sqlite: with database_path() when it is empty.
  std::string database_url() const;

  friend bool operator==(const ServerConfig&, const ServerConfig&) = default;
};

}  // namespace yunzi::config
