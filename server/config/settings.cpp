#include "server/config/settings.hpp"

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
constexpr std::array<std::string_view, 7> log_levels{"trace", "debug", "info", "warn", "error", "critical", "off"};

constexpr std::int64_t day_s = 24 * 3600;

const std::array<Setting, 23> settings_table{{
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
    {"data_dir", "DIR", ValueKind::text, "directory for the database and other state",
     show_text<&ServerConfig::data_dir>, apply_text<&ServerConfig::data_dir>},
    {"database_file", "NAME", ValueKind::text, "SQLite file name inside the data directory (or an absolute path)",
     show_text<&ServerConfig::database_file>, apply_text<&ServerConfig::database_file>},
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
    {"outgoing_queue_limit", "N", ValueKind::integer, "events queued to a client that does not read before it is cut off",
     show_number<&ServerConfig::outgoing_queue_limit>,
     apply_number<&ServerConfig::outgoing_queue_limit, 8, 1'000'000>},
    {"idle_timeout_s", "SECONDS", ValueKind::integer,
     "a connection that sends nothing for this long, not even a pong to the server's pings, is closed",
     show_seconds<&ServerConfig::idle_timeout>, apply_seconds<&ServerConfig::idle_timeout, 5, day_s>},
    {"default_clock", "SPEC", ValueKind::text,
     "clock for games that name none: byoyomi:MAIN/PERIODS/PERIOD, fischer:MAIN/INC/MAX, "
     "canadian:MAIN/STONES/PERIOD, absolute:MAIN or none (seconds)",
     [](const ServerConfig& c) { return clock::to_spec(c.default_clock); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = clock::parse_time_control(text);
       if (!value) return unexpected(value.error());
       c.default_clock = *value;
       return Done{};
     }},
    {"disconnect_forfeit_s", "SECONDS", ValueKind::integer, "a disconnected player not back within this loses by forfeit",
     show_seconds<&ServerConfig::disconnect_forfeit>, apply_seconds<&ServerConfig::disconnect_forfeit, 10, day_s>},
    {"scoring_deadline_s", "SECONDS", ValueKind::integer, "time the players have to agree on dead stones",
     show_seconds<&ServerConfig::scoring_deadline>, apply_seconds<&ServerConfig::scoring_deadline, 10, day_s>},
    {"password_hash_cost", "COST", ValueKind::text, "argon2id cost: interactive (production) or min (tests)",
     show_choice<&ServerConfig::password_hash_cost>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<&ServerConfig::password_hash_cost, parse_password_hash_cost>(c, text, hash_costs);
     }},
    {"session_days", "DAYS", ValueKind::integer, "days a login token stays valid",
     show_number<&ServerConfig::session_days>, apply_number<&ServerConfig::session_days, 1, 3650>},
    {"retire_after_days", "DAYS", ValueKind::integer, "players inactive this long leave the rank lists",
     show_number<&ServerConfig::retire_after_days>, apply_number<&ServerConfig::retire_after_days, 1, 36'500>},
    {"bots_may_play_rated", "BOOL", ValueKind::boolean, "whether bot accounts may play rated games",
     show_bool<&ServerConfig::bots_may_play_rated>, apply_bool<&ServerConfig::bots_may_play_rated>},
    {"ranking_policy", "POLICY", ValueKind::text, "rank rules: tom (the TOM table) or association",
     show_choice<&ServerConfig::ranking_policy>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<&ServerConfig::ranking_policy, parse_ranking_policy>(c, text, policies);
     }},
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
