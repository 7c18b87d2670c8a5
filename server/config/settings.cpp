#include "server/config/settings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <type_traits>

#include "server/config/value_parsers.hpp"

namespace yunzi::config {
namespace {

using Result = Expected<Done, std::string>;

template <auto Member>
std::string show_number(const ServerConfig& c) {
  return std::to_string(c.*Member);
}

template <auto Member, std::int64_t Min, std::int64_t Max>
Result apply_number(ServerConfig& c, std::string_view text) {
  auto value = parse_integer(text, Min, Max);
  if (!value) return unexpected(value.error());
  using Field = std::remove_reference_t<decltype(c.*Member)>;
  c.*Member = static_cast<Field>(*value);
  return Done{};
}

template <auto Member>
std::string show_seconds(const ServerConfig& c) {
  return std::to_string((c.*Member).count());
}

template <auto Member, std::int64_t Min, std::int64_t Max>
Result apply_seconds(ServerConfig& c, std::string_view text) {
  auto value = parse_integer(text, Min, Max);
  if (!value) return unexpected(value.error());
  c.*Member = std::chrono::seconds(*value);
  return Done{};
}

template <auto Member>
std::string show_text(const ServerConfig& c) {
  return c.*Member;
}

template <auto Member>
Result apply_text(ServerConfig& c, std::string_view text) {
  auto value = parse_nonempty(text);
  if (!value) return unexpected(value.error());
  c.*Member = std::move(*value);
  return Done{};
}

template <auto Member>
std::string show_guess_limit(const ServerConfig& c) {
  return to_string(c.*Member);
}

template <auto Member>
Result apply_guess_limit(ServerConfig& c, std::string_view text) {
  auto value = parse_guess_limit(text);
  if (!value) return unexpected(value.error());
  c.*Member = *value;
  return Done{};
}

template <auto Member>
std::string show_bool(const ServerConfig& c) {
  return c.*Member ? "true" : "false";
}

template <auto Member>
Result apply_bool(ServerConfig& c, std::string_view text) {
  auto value = parse_bool(text);
  if (!value) return unexpected(value.error());
  c.*Member = *value;
  return Done{};
}

// An enumerated setting: its parser and the words it accepts, for the error.
template <auto Member, auto Parse, std::size_t N>
Result apply_choice(ServerConfig& c, std::string_view text, const std::array<std::string_view, N>& words) {
  auto value = Parse(text);
  if (!value) return unexpected("\"" + std::string(text) + "\" is not " + list_choices(words));
  c.*Member = *value;
  return Done{};
}

template <auto Member>
std::string show_choice(const ServerConfig& c) {
  return std::string(to_string(c.*Member));
}

constexpr std::array<std::string_view, 2> hash_costs{"interactive", "min"};
constexpr std::array<std::string_view, 2> policies{"tom", "association"};
constexpr std::array<std::string_view, 2> average_readings{"sliding", "block"};
constexpr std::array<std::string_view, 7> log_levels{"trace", "debug", "info", "warn", "error", "critical", "off"};

constexpr std::int64_t day_s = 24 * 3600;

const std::array<Setting, 53> settings_table{{
    {"bind", "ADDRESS", ValueKind::text, "address to listen on (IPv4 or IPv6 literal; 0.0.0.0 for every interface)",
     show_text<&ServerConfig::bind_address>,
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_ip_address(text);
       if (!value) return unexpected(value.error());
       c.bind_address = std::move(*value);
       return Done{};
     }},
    {"port", "N", ValueKind::integer, "TCP port to listen on (0: any free port)", show_number<&ServerConfig::port>,
     apply_number<&ServerConfig::port, 0, 65535>},
    {"trusted_proxies", "ADDRESSES", ValueKind::list,
     "reverse proxies (IP addresses, comma-separated) whose X-Forwarded-For header names the client; "
     "from any other peer the header is ignored",
     [](const ServerConfig& c) { return join_list(c.trusted_proxies); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_ip_address_list(text);
       if (!value) return unexpected(value.error());
       c.trusted_proxies = std::move(*value);
       return Done{};
     }},
    {"metrics_allow", "RANGES", ValueKind::list,
     "clients (IP addresses or CIDR ranges, comma-separated) that may read /metrics; others get 403. "
     "Behind a trusted proxy the forwarded client counts, not the proxy",
     [](const ServerConfig& c) { return join_list(c.metrics_allow); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_ip_range_list(text);
       if (!value) return unexpected(value.error());
       c.metrics_allow = std::move(*value);
       return Done{};
     }},
    {"data_dir", "DIR", ValueKind::text, "directory for the database and other state",
     show_text<&ServerConfig::data_dir>, apply_text<&ServerConfig::data_dir>},
    {"database_file", "NAME", ValueKind::text, "SQLite file name inside the data directory (or an absolute path)",
     show_text<&ServerConfig::database_file>, apply_text<&ServerConfig::database_file>},
    {"database", "URL", ValueKind::text,
     "where the data lives: sqlite:PATH, or postgresql://user@host:port/db for several nodes on one PostgreSQL "
     "(default: the SQLite file in the data directory)",
     show_text<&ServerConfig::database>,
     [](ServerConfig& c, std::string_view text) -> Result {
       if (!text.empty() && !text.starts_with("sqlite:") && !text.starts_with("postgresql://") &&
           !text.starts_with("postgres://")) {
         return unexpected(std::string("expected sqlite:PATH or postgresql://..., got '") + std::string(text) + "'");
       }
       c.database = std::string(text);
       return Done{};
     }},
    {"node", "NAME", ValueKind::text,
     "this node's name in a cluster of nodes on one PostgreSQL database (letters, digits, '_', '-'; at most 64); "
     "empty: a single node",
     show_text<&ServerConfig::node>,
     [](ServerConfig& c, std::string_view text) -> Result {
       const bool fits = text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char ch) {
                           return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-';
                         });
       // No '.': the name is one token of the NATS subjects (yunzi.node.<name>).
       if (!fits) return unexpected("expected at most 64 letters, digits, '_' or '-', got '" + std::string(text) + "'");
       c.node = std::string(text);
       return Done{};
     }},
    {"lease_s", "SECONDS", ValueKind::integer,
     "in a cluster, how long a node's hold on its games lasts unrenewed before another node takes them over",
     show_seconds<&ServerConfig::lease>, apply_seconds<&ServerConfig::lease, 1, 600>},
    {"nats", "URLS", ValueKind::list,
     "in a cluster, the NATS servers the nodes hear each other through (nats://host:port, comma-separated)",
     [](const ServerConfig& c) { return join_list(c.nats); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto urls = parse_nats_urls(text);
       if (!urls) return unexpected(urls.error());
       c.nats = std::move(*urls);
       return Done{};
     }},
    {"web_root", "DIR", ValueKind::text, "directory of the browser client's static files",
     show_text<&ServerConfig::web_root>, apply_text<&ServerConfig::web_root>},
    {"io_threads", "N", ValueKind::integer, "threads running network and game work (default: the number of cores)",
     show_number<&ServerConfig::io_threads>, apply_number<&ServerConfig::io_threads, 1, 256>},
    {"frame_limit", "BYTES", ValueKind::integer, "largest WebSocket message accepted from a client",
     show_number<&ServerConfig::frame_limit_bytes>, apply_number<&ServerConfig::frame_limit_bytes, 512, 16 << 20>},
    {"rate_limit", "N", ValueKind::integer, "requests per second a connection may send on average",
     show_number<&ServerConfig::rate_limit_per_second>, apply_number<&ServerConfig::rate_limit_per_second, 1, 10'000>},
    {"rate_burst", "N", ValueKind::integer, "requests a connection may send at once before the rate limit applies",
     show_number<&ServerConfig::rate_burst>, apply_number<&ServerConfig::rate_burst, 1, 100'000>},
    {"outgoing_queue_limit", "N", ValueKind::integer,
     "events queued to a client that does not read before it is cut off",
     show_number<&ServerConfig::outgoing_queue_limit>, apply_number<&ServerConfig::outgoing_queue_limit, 8, 1'000'000>},
    {"outgoing_queue_bytes", "BYTES", ValueKind::integer,
     "bytes queued to a client that does not read before it is cut off; the largest lobby snapshot must fit half",
     show_number<&ServerConfig::outgoing_queue_bytes>,
     apply_number<&ServerConfig::outgoing_queue_bytes, 16 << 10, 1 << 30>},
    {"connections_per_address", "N", ValueKind::integer,
     "WebSocket connections one client address may hold (the forwarded one behind a trusted proxy); more get "
     "HTTP 429; 0: no cap",
     show_number<&ServerConfig::connections_per_address>,
     apply_number<&ServerConfig::connections_per_address, 0, 1'000'000>},
    {"connections_per_user", "N", ValueKind::integer,
     "connections one account may be signed in on at once; login and resume beyond it get limit_reached",
     show_number<&ServerConfig::connections_per_user>, apply_number<&ServerConfig::connections_per_user, 1, 10'000>},
    {"seeks_per_user", "N", ValueKind::integer, "open seeks one user may have",
     show_number<&ServerConfig::seeks_per_user>, apply_number<&ServerConfig::seeks_per_user, 1, 1000>},
    {"challenges_per_user", "N", ValueKind::integer, "pending challenges one user may have sent",
     show_number<&ServerConfig::challenges_per_user>, apply_number<&ServerConfig::challenges_per_user, 1, 1000>},
    {"games_per_user", "N", ValueKind::integer,
     "games one user may have in progress at once (rated games: one, whatever this says)",
     show_number<&ServerConfig::games_per_user>, apply_number<&ServerConfig::games_per_user, 1, 1000>},
    {"reports_per_hour", "N", ValueKind::integer, "reports one user may send within any hour",
     show_number<&ServerConfig::reports_per_hour>, apply_number<&ServerConfig::reports_per_hour, 1, 10'000>},
    {"lobby_seeks_max", "N", ValueKind::integer, "open seeks the whole lobby may hold",
     show_number<&ServerConfig::lobby_seeks_max>, apply_number<&ServerConfig::lobby_seeks_max, 1, 1'000'000>},
    {"lobby_list_max", "N", ValueKind::integer,
     "users, and games in progress, one lobby.watch snapshot lists (with the totals)",
     show_number<&ServerConfig::lobby_list_max>, apply_number<&ServerConfig::lobby_list_max, 1, 1'000'000>},
    {"lobby_chat_history", "N", ValueKind::integer,
     "lobby chat lines kept in memory and sent with lobby.watch (a restart clears them; 0: none kept)",
     show_number<&ServerConfig::lobby_chat_history>, apply_number<&ServerConfig::lobby_chat_history, 0, 10'000>},
    {"lobby_chat_per_minute", "N", ValueKind::integer, "lobby chat lines one user may send within any minute",
     show_number<&ServerConfig::lobby_chat_per_minute>, apply_number<&ServerConfig::lobby_chat_per_minute, 1, 10'000>},
    {"messages_per_minute", "N", ValueKind::integer, "private messages one user may send within any minute",
     show_number<&ServerConfig::messages_per_minute>, apply_number<&ServerConfig::messages_per_minute, 1, 10'000>},
    {"message_partners_per_hour", "N", ValueKind::integer,
     "users who have never written back whom one user may start a conversation with within any hour",
     show_number<&ServerConfig::message_partners_per_hour>,
     apply_number<&ServerConfig::message_partners_per_hour, 1, 10'000>},
    {"max_boards_per_user", "N", ValueKind::integer, "analysis boards one user may hold (board.create)",
     show_number<&ServerConfig::max_boards_per_user>, apply_number<&ServerConfig::max_boards_per_user, 1, 10'000>},
    {"max_board_nodes", "N", ValueKind::integer, "nodes (moves and the root) one analysis board may hold",
     show_number<&ServerConfig::max_board_nodes>, apply_number<&ServerConfig::max_board_nodes, 2, 100'000>},
    {"boards_per_hour", "N", ValueKind::integer,
     "analysis boards one user may make within any hour, deleted ones included",
     show_number<&ServerConfig::boards_per_hour>, apply_number<&ServerConfig::boards_per_hour, 1, 10'000>},
    {"board_idle_s", "SECONDS", ValueKind::integer,
     "an analysis board nobody watches or changes leaves memory after this long (the next use reads it back)",
     show_seconds<&ServerConfig::board_idle>, apply_seconds<&ServerConfig::board_idle, 1, day_s>},
    {"idle_timeout_s", "SECONDS", ValueKind::integer,
     "a connection that sends nothing for this long, not even a pong to the server's pings, is closed",
     show_seconds<&ServerConfig::idle_timeout>, apply_seconds<&ServerConfig::idle_timeout, 5, day_s>},
    {"default_clock", "SPEC", ValueKind::text,
     "clock for games that name none: byoyomi:MAIN/PERIODS/PERIOD, fischer:MAIN/INC/MAX, "
     "canadian:MAIN/STONES/PERIOD, absolute:MAIN or none (seconds)",
     [](const ServerConfig& c) { return to_spec(c.default_clock); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_time_control(text);
       if (!value) return unexpected(value.error());
       c.default_clock = *value;
       return Done{};
     }},
    {"disconnect_forfeit_s", "SECONDS", ValueKind::integer,
     "a disconnected player not back within this loses by forfeit", show_seconds<&ServerConfig::disconnect_forfeit>,
     apply_seconds<&ServerConfig::disconnect_forfeit, 10, day_s>},
    {"scoring_deadline_s", "SECONDS", ValueKind::integer, "time the players have to agree on dead stones",
     show_seconds<&ServerConfig::scoring_deadline>, apply_seconds<&ServerConfig::scoring_deadline, 10, day_s>},
    {"password_hash_cost", "COST", ValueKind::text, "argon2id cost: interactive (production) or min (tests)",
     show_choice<&ServerConfig::password_hash_cost>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<&ServerConfig::password_hash_cost, parse_password_hash_cost>(c, text, hash_costs);
     }},
    {"session_days", "DAYS", ValueKind::integer, "days a login token stays valid",
     show_number<&ServerConfig::session_days>, apply_number<&ServerConfig::session_days, 1, 3650>},
    {"login_limit_name_address", "N/SECONDS", ValueKind::text,
     "wrong passwords one address may try for one name at once, then one more every SECONDS",
     show_guess_limit<&ServerConfig::login_limit_name_address>,
     apply_guess_limit<&ServerConfig::login_limit_name_address>},
    {"login_limit_name", "N/SECONDS", ValueKind::text,
     "wrong passwords for one name from all addresses together, then one more every SECONDS",
     show_guess_limit<&ServerConfig::login_limit_name>, apply_guess_limit<&ServerConfig::login_limit_name>},
    {"login_limit_address", "N/SECONDS", ValueKind::text,
     "wrong passwords from one address for all names, then one more every SECONDS; beyond it only names "
     "without recent failures are still checked (a correct password is never refused for another name's failures)",
     show_guess_limit<&ServerConfig::login_limit_address>, apply_guess_limit<&ServerConfig::login_limit_address>},
    {"signups_per_address_hour", "N", ValueKind::integer, "new accounts one address may create in any hour",
     show_number<&ServerConfig::signups_per_address_hour>,
     apply_number<&ServerConfig::signups_per_address_hour, 1, 100'000>},
    {"retire_after_days", "DAYS", ValueKind::integer, "players inactive this long leave the rank lists",
     show_number<&ServerConfig::retire_after_days>, apply_number<&ServerConfig::retire_after_days, 1, 36'500>},
    {"bots_may_play_rated", "BOOL", ValueKind::boolean, "whether bot accounts may play rated games",
     show_bool<&ServerConfig::bots_may_play_rated>, apply_bool<&ServerConfig::bots_may_play_rated>},
    {"ranking_policy", "POLICY", ValueKind::text, "rank rules: tom (the TOM table) or association",
     show_choice<&ServerConfig::ranking_policy>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<&ServerConfig::ranking_policy, parse_ranking_policy>(c, text, policies);
     }},
    {"association_scores", "SCORES", ValueKind::text,
     "association policy: a responsibility game's WIN/LOSS score for own rank minus the opponent's "
     "+2,+1,0,-1,-2 (a choice of the server, not of the association's text)",
     [](const ServerConfig& c) { return ranking::to_spec(c.association_rules.scores); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = ranking::parse_score_table(text);
       if (!value) return unexpected(value.error());
       c.association_rules.scores = *value;
       return Done{};
     }},
    {"association_average", "READING", ValueKind::text,
     "association policy: sliding (the average of the last N responsibility games at the rank) or block "
     "(of the latest complete group of N since the rank was reached)",
     [](const ServerConfig& c) { return std::string(ranking::to_string(c.association_rules.reading)); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = ranking::parse_average_reading(text);
       if (!value) return unexpected("\"" + std::string(text) + "\" is not " + list_choices(average_readings));
       c.association_rules.reading = *value;
       return Done{};
     }},
    {"association_demotion_below", "AVERAGE", ValueKind::text,
     "association policy: none (no demotion), or the average over the longest window below which a dan "
     "player above 1d goes down one dan at the monthly publication",
     [](const ServerConfig& c) { return ranking::demotion_average_spec(c.association_rules.demotion_below_tenths); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = ranking::parse_demotion_average(text);
       if (!value) return unexpected(value.error());
       c.association_rules.demotion_below_tenths = *value;
       return Done{};
     }},
    {"recommendation_approval", "BOOL", ValueKind::boolean,
     "a 9d's recommendation to 6d waits for an admin's approval (false: it applies at once)",
     show_bool<&ServerConfig::recommendation_approval>, apply_bool<&ServerConfig::recommendation_approval>},
    {"log_level", "LEVEL", ValueKind::text, "trace, debug, info, warn, error, critical or off",
     show_choice<&ServerConfig::log_level>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<&ServerConfig::log_level, parse_log_level>(c, text, log_levels);
     }},
    {"json_logs", "BOOL", ValueKind::boolean, "write logs as one JSON object a line",
     show_bool<&ServerConfig::json_logs>, apply_bool<&ServerConfig::json_logs>},
    {"log_file", "FILE", ValueKind::text,
     "append logs to this file instead of standard error; SIGHUP reopens it (for logrotate)",
     show_text<&ServerConfig::log_file>,
     [](ServerConfig& c, std::string_view text) -> Result {
       c.log_file = std::string(text);  // empty: back to standard error
       return Done{};
     }},
}};

}  // namespace

std::span<const Setting> all_settings() { return settings_table; }

std::string flag_name(const Setting& setting) {
  std::string flag = "--";
  for (char ch : setting.key) flag += ch == '_' ? '-' : ch;
  return flag;
}

std::string env_name(const Setting& setting) {
  std::string name = "YUNZI_";
  for (char ch : setting.key) name += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return name;
}

const Setting* find_setting_by_key(std::string_view key) {
  for (const auto& setting : settings_table) {
    if (setting.key == key) return &setting;
  }
  return nullptr;
}

const Setting* find_setting_by_flag(std::string_view flag) {
  for (const auto& setting : settings_table) {
    if (flag_name(setting) == flag) return &setting;
  }
  return nullptr;
}

}  // namespace yunzi::config
