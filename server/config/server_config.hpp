// Every setting the server reads at start, with its default. Where the
// values come from (file, environment, flags) is config_loader.hpp's job;
// the table of settings with their flag and environment names is
// settings.hpp's. This is yunzi-server's one place for its settings: it holds
// the parts' own options (the network layer's, the App's with the lobby's and
// the boards' limits, the accounts', the log's), and the settings table
// reads and writes their fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/common.h>

#include "accounts/password_hash.hpp"
#include "server/accounts/accounts_options.hpp"
#include "server/accounts/login_throttle.hpp"
#include "server/app/app_options.hpp"
#include "server/cluster/cluster_options.hpp"
#include "server/http/tournament_export_options.hpp"
#include "server/logging/log_output.hpp"
#include "server/net/net_config.hpp"
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

// libsodium's limits for a cost, and back: "min" is PasswordCost::minimum(),
// any other cost reads as "interactive".
accounts::PasswordCost password_cost(PasswordHashCost cost);
PasswordHashCost password_hash_cost(const accounts::PasswordCost& cost);

// spdlog's level for a log level, and back.
spdlog::level::level_enum spdlog_level(LogLevel level);
LogLevel log_level(spdlog::level::level_enum level);

// A limit on password guesses as the settings spell it: "BURST/SECONDS"
// ("5/60"), `burst` at once, then one more every SECONDS.
std::string to_string(const accounts::Allowance& limit);

// std::thread::hardware_concurrency(), or 1 when it is unknown.
int default_io_threads();

// The network settings yunzi-server starts with: the network layer's own
// defaults, except that it listens on loopback, runs one io thread per core,
// serves the browser client from "web", cuts off a client after 256 queued
// events and closes a connection silent for 90 s.
net::NetConfig default_net_config();

// Each part's settings are that part's own options, held here as they are,
// so that every default is written once, beside its field, and main hands
// each part its own. The names in the comments are the settings' keys
// (README.md has them all, with their flags and variables).
struct ServerConfig {
  // bind, port, io_threads, web_root (the static directory; none is served
  // when it is missing), trusted_proxies, frame_limit, rate_limit,
  // rate_burst, outgoing_queue_limit, outgoing_queue_bytes (the largest lobby
  // snapshot fits half), connections_per_address, idle_timeout_s.
  net::NetConfig net = default_net_config();
  // Clients (IP literals or CIDR ranges) that may read /metrics; others get 403.
  std::vector<std::string> metrics_allow = {"127.0.0.0/8", "::1"};
  std::string data_dir = "var";
  std::string database_file = "yunzi.sqlite3";  // inside data_dir unless absolute
  // sqlite:PATH or postgresql://...; empty: the SQLite file database_path().
  std::string database;
  // node, lease_s (renewed every third of it) and nats.
  cluster::ClusterOptions cluster;
  // disconnect_forfeit_s,
  // scoring_deadline_s, default_clock, bots_may_play_rated,
  // recommendation_approval, and what one user may hold, so that nobody can
  // take the lobby away from everybody: the lobby's limits, the analysis
  // boards' and the quotas per user.
  app::AppOptions app;
  // password_hash_cost, session_days, retire_after_days, the login_limit_*
  // (wrong passwords for one name from one address, for one name from all
  // addresses, and from one address for all names) and
  // signups_per_address_hour.
  accounts::AccountsOptions accounts;
  RankingPolicy ranking_policy = RankingPolicy::tom;
  // The association policy's own choices (scores, window reading, demotion); unused under "tom".
  ranking::AssociationRules association_rules{};
  // log_level, json_logs, log_file (empty: standard error).
  logging::LogOptions log;
  // tournament_country, tournament_club, tournament_class: what the tournament exports say of the organiser.
  http::TournamentExportOptions tournament_export;

  // data_dir joined with database_file (database_file alone when absolute).
  std::string database_path() const;
  // `database`, or sqlite: with database_path() when it is empty.
  std::string database_url() const;

  friend bool operator==(const ServerConfig&, const ServerConfig&) = default;
};

}  // namespace yunzi::config
