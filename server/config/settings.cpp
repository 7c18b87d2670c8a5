#include "server/config/settings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <type_traits>

#include "server/accounts/accounts_options.hpp"
#include "server/app/app_options.hpp"
#include "server/boards/board_limits.hpp"
#include "server/config/value_parsers.hpp"
#include "server/http/tournament_export_options.hpp"
#include "server/lobby/lobby_limits.hpp"
#include "server/lobby/plan_rules.hpp"
#include "server/logging/log_output.hpp"
#include "server/net/net_config.hpp"

namespace yunzi::config {
namespace {

using Result = Expected<Done, std::string>;

// Where a setting lives in ServerConfig: a member, or a member of a member, as
// deep as the path goes. At<&ServerConfig::data_dir> is config.data_dir;
// At<&ServerConfig::app, &app::AppOptions::lobby_limits, &lobby::LobbyLimits::seeks_per_user>
// is config.app.lobby_limits.seeks_per_user.
template <auto Member, auto... Rest>
struct At {
  template <class Whole>
  static auto& in(Whole& whole) {
    if constexpr (sizeof...(Rest) == 0) {
      return whole.*Member;
    } else {
      return At<Rest...>::in(whole.*Member);
    }
  }
};

// The parts' options ServerConfig holds.
template <auto Field>
using InNet = At<&ServerConfig::net, Field>;
template <auto Field>
using InApp = At<&ServerConfig::app, Field>;
template <auto Field>
using InPlan = At<&ServerConfig::app, &app::AppOptions::plan_rules, Field>;
template <auto Field>
using InLobby = At<&ServerConfig::app, &app::AppOptions::lobby_limits, Field>;
template <auto Field>
using InBoards = At<&ServerConfig::app, &app::AppOptions::board_limits, Field>;
template <auto Field>
using InAccounts = At<&ServerConfig::accounts, Field>;
template <auto Field>
using InCluster = At<&ServerConfig::cluster, Field>;
template <auto Field>
using InThrottle = At<&ServerConfig::accounts, &accounts::AccountsOptions::throttle, Field>;
template <auto Field>
using InSignups = At<&ServerConfig::accounts, &accounts::AccountsOptions::signups, Field>;
template <auto Field>
using InLog = At<&ServerConfig::log, Field>;
template <auto Field>
using InExports = At<&ServerConfig::tournament_export, Field>;

// A whole number, whatever the field's arithmetic type (int, std::size_t,
// unsigned, double); a double holds only what a setting wrote, so it is whole.
template <class Place>
std::string show_number(const ServerConfig& c) {
  const auto value = Place::in(c);
  if constexpr (std::is_floating_point_v<decltype(value)>) {
    return std::to_string(static_cast<std::int64_t>(value));
  } else {
    return std::to_string(value);
  }
}

template <class Place, std::int64_t Min, std::int64_t Max>
Result apply_number(ServerConfig& c, std::string_view text) {
  auto value = parse_integer(text, Min, Max);
  if (!value) return unexpected(value.error());
  auto& field = Place::in(c);
  field = static_cast<std::remove_reference_t<decltype(field)>>(*value);
  return Done{};
}

// Whole seconds, into a std::chrono::duration of any unit.
template <class Place>
std::string show_seconds(const ServerConfig& c) {
  return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(Place::in(c)).count());
}

template <class Place, std::int64_t Min, std::int64_t Max>
Result apply_seconds(ServerConfig& c, std::string_view text) {
  auto value = parse_integer(text, Min, Max);
  if (!value) return unexpected(value.error());
  Place::in(c) = std::chrono::seconds(*value);
  return Done{};
}

constexpr std::int64_t day_s = 24 * 3600;
constexpr std::int64_t day_ms = day_s * 1000;

// Whole days, into milliseconds (TimeMs).
template <class Place>
std::string show_days(const ServerConfig& c) {
  return std::to_string(Place::in(c) / day_ms);
}

template <class Place, std::int64_t Min, std::int64_t Max>
Result apply_days(ServerConfig& c, std::string_view text) {
  auto value = parse_integer(text, Min, Max);
  if (!value) return unexpected(value.error());
  Place::in(c) = *value * day_ms;
  return Done{};
}

template <class Place>
std::string show_text(const ServerConfig& c) {
  return Place::in(c);
}

// Text that `Parse` checks (and says what it expected), into a string field.
template <class Place, auto Parse>
Result apply_checked_text(ServerConfig& c, std::string_view text) {
  auto value = Parse(text);
  if (!value) return unexpected(value.error());
  Place::in(c) = std::move(*value);
  return Done{};
}

template <class Place>
Result apply_text(ServerConfig& c, std::string_view text) {
  return apply_checked_text<Place, parse_nonempty>(c, text);
}

template <class Place>
std::string show_guess_limit(const ServerConfig& c) {
  return to_string(Place::in(c));
}

template <class Place>
Result apply_guess_limit(ServerConfig& c, std::string_view text) {
  auto value = parse_guess_limit(text);
  if (!value) return unexpected(value.error());
  Place::in(c) = *value;
  return Done{};
}

template <class Place>
std::string show_bool(const ServerConfig& c) {
  return Place::in(c) ? "true" : "false";
}

template <class Place>
Result apply_bool(ServerConfig& c, std::string_view text) {
  auto value = parse_bool(text);
  if (!value) return unexpected(value.error());
  Place::in(c) = *value;
  return Done{};
}

// The error for a word an enumerated setting does not take.
template <std::size_t N>
std::string not_one_of(std::string_view text, const std::array<std::string_view, N>& words) {
  return "\"" + std::string(text) + "\" is not " + list_choices(words);
}

// An enumerated setting: its parser and the words it accepts, for the error.
template <class Place, auto Parse, std::size_t N>
Result apply_choice(ServerConfig& c, std::string_view text, const std::array<std::string_view, N>& words) {
  auto value = Parse(text);
  if (!value) return unexpected(not_one_of(text, words));
  Place::in(c) = *value;
  return Done{};
}

template <class Place>
std::string show_choice(const ServerConfig& c) {
  return std::string(to_string(Place::in(c)));
}

constexpr std::array<std::string_view, 2> hash_costs{"interactive", "min"};
constexpr std::array<std::string_view, 2> policies{"tom", "association"};
constexpr std::array<std::string_view, 2> average_readings{"sliding", "block"};
constexpr std::array<std::string_view, 7> log_levels{"trace", "debug", "info", "warn", "error", "critical", "off"};

const std::array<Setting, 65> settings_table{{
    {"bind", "ADDRESS", ValueKind::text, "address to listen on (IPv4 or IPv6 literal; 0.0.0.0 for every interface)",
     show_text<InNet<&net::NetConfig::bind_address>>,
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_ip_address(text);
       if (!value) return unexpected(value.error());
       c.net.bind_address = std::move(*value);
       return Done{};
     }},
    {"port", "N", ValueKind::integer, "TCP port to listen on (0: any free port)",
     show_number<InNet<&net::NetConfig::port>>, apply_number<InNet<&net::NetConfig::port>, 0, 65535>},
    {"trusted_proxies", "ADDRESSES", ValueKind::list,
     "reverse proxies (IP addresses, comma-separated) whose X-Forwarded-For header names the client; "
     "from any other peer the header is ignored",
     [](const ServerConfig& c) { return join_list(c.net.trusted_proxies); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_ip_address_list(text);
       if (!value) return unexpected(value.error());
       c.net.trusted_proxies = std::move(*value);
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
     show_text<At<&ServerConfig::data_dir>>, apply_text<At<&ServerConfig::data_dir>>},
    {"database_file", "NAME", ValueKind::text, "SQLite file name inside the data directory (or an absolute path)",
     show_text<At<&ServerConfig::database_file>>, apply_text<At<&ServerConfig::database_file>>},
    {"database", "URL", ValueKind::text,
     "where the data lives: sqlite:PATH, or postgresql://user@host:port/db for several nodes on one PostgreSQL "
     "(default: the SQLite file in the data directory)",
     show_text<At<&ServerConfig::database>>,
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
     show_text<InCluster<&cluster::ClusterOptions::node>>,
     [](ServerConfig& c, std::string_view text) -> Result {
       const bool fits = text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char ch) {
                           return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-';
                         });
       // No '.': the name is one token of the NATS subjects (yunzi.node.<name>).
       if (!fits) return unexpected("expected at most 64 letters, digits, '_' or '-', got '" + std::string(text) + "'");
       c.cluster.node = std::string(text);
       return Done{};
     }},
    {"lease_s", "SECONDS", ValueKind::integer,
     "in a cluster, how long a node's hold on its games lasts unrenewed before another node takes them over",
     show_seconds<InCluster<&cluster::ClusterOptions::lease>>,
     apply_seconds<InCluster<&cluster::ClusterOptions::lease>, 1, 600>},
    {"nats", "URLS", ValueKind::list,
     "in a cluster, the NATS servers the nodes hear each other through (nats://host:port, comma-separated)",
     [](const ServerConfig& c) { return join_list(c.cluster.nats); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto urls = parse_nats_urls(text);
       if (!urls) return unexpected(urls.error());
       c.cluster.nats = std::move(*urls);
       return Done{};
     }},
    {"web_root", "DIR", ValueKind::text, "directory of the browser client's static files",
     show_text<InNet<&net::NetConfig::static_dir>>, apply_text<InNet<&net::NetConfig::static_dir>>},
    {"io_threads", "N", ValueKind::integer, "threads running network and game work (default: the number of cores)",
     show_number<InNet<&net::NetConfig::threads>>, apply_number<InNet<&net::NetConfig::threads>, 1, 256>},
    {"frame_limit", "BYTES", ValueKind::integer, "largest WebSocket message accepted from a client",
     show_number<InNet<&net::NetConfig::max_frame_bytes>>,
     apply_number<InNet<&net::NetConfig::max_frame_bytes>, 512, 16 << 20>},
    {"rate_limit", "N", ValueKind::integer, "requests per second a connection may send on average",
     show_number<InNet<&net::NetConfig::messages_per_second>>,
     apply_number<InNet<&net::NetConfig::messages_per_second>, 1, 10'000>},
    {"rate_burst", "N", ValueKind::integer, "requests a connection may send at once before the rate limit applies",
     show_number<InNet<&net::NetConfig::message_burst>>,
     apply_number<InNet<&net::NetConfig::message_burst>, 1, 100'000>},
    {"outgoing_queue_limit", "N", ValueKind::integer,
     "events queued to a client that does not read before it is cut off",
     show_number<InNet<&net::NetConfig::send_queue_frames>>,
     apply_number<InNet<&net::NetConfig::send_queue_frames>, 8, 1'000'000>},
    {"outgoing_queue_bytes", "BYTES", ValueKind::integer,
     "bytes queued to a client that does not read before it is cut off; the largest lobby snapshot must fit half",
     show_number<InNet<&net::NetConfig::send_queue_bytes>>,
     apply_number<InNet<&net::NetConfig::send_queue_bytes>, 16 << 10, 1 << 30>},
    {"connections_per_address", "N", ValueKind::integer,
     "WebSocket connections one client address may hold (the forwarded one behind a trusted proxy); more get "
     "HTTP 429; 0: no cap",
     show_number<InNet<&net::NetConfig::max_connections_per_address>>,
     apply_number<InNet<&net::NetConfig::max_connections_per_address>, 0, 1'000'000>},
    {"connections_per_user", "N", ValueKind::integer,
     "connections one account may be signed in on at once; login and resume beyond it get limit_reached",
     show_number<InApp<&app::AppOptions::connections_per_user>>,
     apply_number<InApp<&app::AppOptions::connections_per_user>, 1, 10'000>},
    {"seeks_per_user", "N", ValueKind::integer, "open seeks one user may have",
     show_number<InLobby<&lobby::LobbyLimits::seeks_per_user>>,
     apply_number<InLobby<&lobby::LobbyLimits::seeks_per_user>, 1, 1000>},
    {"challenges_per_user", "N", ValueKind::integer, "pending challenges one user may have sent",
     show_number<InLobby<&lobby::LobbyLimits::challenges_per_user>>,
     apply_number<InLobby<&lobby::LobbyLimits::challenges_per_user>, 1, 1000>},
    {"games_per_user", "N", ValueKind::integer,
     "games one user may have in progress at once (rated games: one, whatever this says)",
     show_number<InLobby<&lobby::LobbyLimits::games_per_user>>,
     apply_number<InLobby<&lobby::LobbyLimits::games_per_user>, 1, 1000>},
    {"reports_per_hour", "N", ValueKind::integer, "reports one user may send within any hour",
     show_number<InApp<&app::AppOptions::reports_per_hour>>,
     apply_number<InApp<&app::AppOptions::reports_per_hour>, 1, 10'000>},
    {"lobby_seeks_max", "N", ValueKind::integer, "open seeks the whole lobby may hold",
     show_number<InLobby<&lobby::LobbyLimits::seeks_max>>,
     apply_number<InLobby<&lobby::LobbyLimits::seeks_max>, 1, 1'000'000>},
    {"lobby_list_max", "N", ValueKind::integer,
     "users, and games in progress, one lobby.watch snapshot lists (with the totals)",
     show_number<InLobby<&lobby::LobbyLimits::list_max>>,
     apply_number<InLobby<&lobby::LobbyLimits::list_max>, 1, 1'000'000>},
    {"lobby_chat_history", "N", ValueKind::integer,
     "lobby chat lines kept in memory and sent with lobby.watch (a restart clears them; 0: none kept)",
     show_number<InLobby<&lobby::LobbyLimits::chat_history>>,
     apply_number<InLobby<&lobby::LobbyLimits::chat_history>, 0, 10'000>},
    {"lobby_chat_per_minute", "N", ValueKind::integer, "lobby chat lines one user may send within any minute",
     show_number<InApp<&app::AppOptions::lobby_chat_per_minute>>,
     apply_number<InApp<&app::AppOptions::lobby_chat_per_minute>, 1, 10'000>},
    {"messages_per_minute", "N", ValueKind::integer, "private messages one user may send within any minute",
     show_number<InApp<&app::AppOptions::messages_per_minute>>,
     apply_number<InApp<&app::AppOptions::messages_per_minute>, 1, 10'000>},
    {"message_partners_per_hour", "N", ValueKind::integer,
     "users who have never written back whom one user may start a conversation with within any hour",
     show_number<InApp<&app::AppOptions::message_partners_per_hour>>,
     apply_number<InApp<&app::AppOptions::message_partners_per_hour>, 1, 10'000>},
    {"follow_online_quiet_s", "SECONDS", ValueKind::integer,
     "a player whose followers were told they came online is not announced again within this long (0: every time)",
     show_seconds<InApp<&app::AppOptions::follow_online_quiet>>,
     apply_seconds<InApp<&app::AppOptions::follow_online_quiet>, 0, day_s>},
    {"analysis_engine", "NAME", ValueKind::text,
     "the engine whose reviews players ask for; review workers (yunzi-analyzer) claim jobs by this name",
     show_text<InApp<&app::AppOptions::analysis_engine>>,
     apply_checked_text<InApp<&app::AppOptions::analysis_engine>, parse_engine_name>},
    {"analysis_open_per_user", "N", ValueKind::integer,
     "reviews one user has asked for that may wait or run at once (analysis.request)",
     show_number<InApp<&app::AppOptions::analysis_open_per_user>>,
     apply_number<InApp<&app::AppOptions::analysis_open_per_user>, 1, 1'000>},
    {"analyses_per_day", "N", ValueKind::integer, "new reviews one user may ask for within any day",
     show_number<InApp<&app::AppOptions::analyses_per_day>>,
     apply_number<InApp<&app::AppOptions::analyses_per_day>, 1, 100'000>},
    {"analysis_queue", "N", ValueKind::integer, "reviews that may wait in all before new ones are refused",
     show_number<InApp<&app::AppOptions::analysis_queue>>,
     apply_number<InApp<&app::AppOptions::analysis_queue>, 1, 1'000'000>},
    {"problem_library", "BOOL", ValueKind::boolean,
     "put the starter library of life-and-death problems into a database that holds none of it",
     show_bool<InApp<&app::AppOptions::problem_library>>, apply_bool<InApp<&app::AppOptions::problem_library>>},
    {"problem_solver_queue", "N", ValueKind::integer,
     "problem moves, hints and imports that may wait for the solver before more are refused",
     show_number<InApp<&app::AppOptions::problem_solver_queue>>,
     apply_number<InApp<&app::AppOptions::problem_solver_queue>, 1, 10'000>},
    {"problem_solver_nodes", "N", ValueKind::integer,
     "positions the solver may visit to judge one problem move or find a hint",
     show_number<InApp<&app::AppOptions::problem_solver_nodes>>,
     apply_number<InApp<&app::AppOptions::problem_solver_nodes>, 1'000, 100'000'000>},
    {"max_boards_per_user", "N", ValueKind::integer, "analysis boards one user may hold (board.create)",
     show_number<InBoards<&boards::BoardLimits::boards_per_user>>,
     apply_number<InBoards<&boards::BoardLimits::boards_per_user>, 1, 10'000>},
    {"max_board_nodes", "N", ValueKind::integer, "nodes (moves and the root) one analysis board may hold",
     show_number<InBoards<&boards::BoardLimits::nodes_per_board>>,
     apply_number<InBoards<&boards::BoardLimits::nodes_per_board>, 2, 100'000>},
    {"boards_per_hour", "N", ValueKind::integer,
     "analysis boards one user may make within any hour, deleted ones included",
     show_number<InBoards<&boards::BoardLimits::boards_per_hour>>,
     apply_number<InBoards<&boards::BoardLimits::boards_per_hour>, 1, 10'000>},
    {"board_idle_s", "SECONDS", ValueKind::integer,
     "an analysis board nobody watches or changes leaves memory after this long (the next use reads it back)",
     show_seconds<InBoards<&boards::BoardLimits::idle>>, apply_seconds<InBoards<&boards::BoardLimits::idle>, 1, day_s>},
    {"idle_timeout_s", "SECONDS", ValueKind::integer,
     "a connection that sends nothing for this long, not even a pong to the server's pings, is closed",
     show_seconds<InNet<&net::NetConfig::idle_timeout>>, apply_seconds<InNet<&net::NetConfig::idle_timeout>, 5, day_s>},
    {"close_timeout_s", "SECONDS", ValueKind::integer,
     "a closing connection, also at shutdown, has this long to finish the close handshake before its socket is shut",
     show_seconds<InNet<&net::NetConfig::close_timeout>>, apply_seconds<InNet<&net::NetConfig::close_timeout>, 1, 600>},
    {"default_clock", "SPEC", ValueKind::text,
     "clock for games that name none: byoyomi:MAIN/PERIODS/PERIOD, fischer:MAIN/INC/MAX, "
     "canadian:MAIN/STONES/PERIOD, absolute:MAIN or none (seconds)",
     [](const ServerConfig& c) { return to_spec(c.app.plan_rules.default_clock); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_time_control(text);
       if (!value) return unexpected(value.error());
       c.app.plan_rules.default_clock = *value;
       return Done{};
     }},
    {"disconnect_forfeit_s", "SECONDS", ValueKind::integer,
     "a disconnected player not back within this loses by forfeit",
     show_seconds<InApp<&app::AppOptions::disconnect_grace>>,
     apply_seconds<InApp<&app::AppOptions::disconnect_grace>, 10, day_s>},
    {"scoring_deadline_s", "SECONDS", ValueKind::integer, "time the players have to agree on dead stones",
     show_seconds<InApp<&app::AppOptions::scoring_deadline>>,
     apply_seconds<InApp<&app::AppOptions::scoring_deadline>, 10, day_s>},
    {"password_hash_cost", "COST", ValueKind::text, "argon2id cost: interactive (production) or min (tests)",
     [](const ServerConfig& c) { return std::string(to_string(password_hash_cost(c.accounts.cost))); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_password_hash_cost(text);
       if (!value) return unexpected(not_one_of(text, hash_costs));
       c.accounts.cost = password_cost(*value);
       return Done{};
     }},
    {"session_days", "DAYS", ValueKind::integer, "days a login token stays valid",
     show_days<InAccounts<&accounts::AccountsOptions::session_lifetime_ms>>,
     apply_days<InAccounts<&accounts::AccountsOptions::session_lifetime_ms>, 1, 3650>},
    {"login_limit_name_address", "N/SECONDS", ValueKind::text,
     "wrong passwords one address may try for one name at once, then one more every SECONDS",
     show_guess_limit<InThrottle<&accounts::ThrottleOptions::per_name_address>>,
     apply_guess_limit<InThrottle<&accounts::ThrottleOptions::per_name_address>>},
    {"login_limit_name", "N/SECONDS", ValueKind::text,
     "wrong passwords for one name from all addresses together, then one more every SECONDS",
     show_guess_limit<InThrottle<&accounts::ThrottleOptions::per_name>>,
     apply_guess_limit<InThrottle<&accounts::ThrottleOptions::per_name>>},
    {"login_limit_address", "N/SECONDS", ValueKind::text,
     "wrong passwords from one address for all names, then one more every SECONDS; beyond it only names "
     "without recent failures are still checked (a correct password is never refused for another name's failures)",
     show_guess_limit<InThrottle<&accounts::ThrottleOptions::per_address>>,
     apply_guess_limit<InThrottle<&accounts::ThrottleOptions::per_address>>},
    {"signups_per_address_hour", "N", ValueKind::integer, "new accounts one address may create in any hour",
     show_number<InSignups<&accounts::SignupOptions::per_hour>>,
     apply_number<InSignups<&accounts::SignupOptions::per_hour>, 1, 100'000>},
    {"retire_after_days", "DAYS", ValueKind::integer, "players inactive this long leave the rank lists",
     show_days<InAccounts<&accounts::AccountsOptions::retire_after_ms>>,
     apply_days<InAccounts<&accounts::AccountsOptions::retire_after_ms>, 1, 36'500>},
    {"bots_may_play_rated", "BOOL", ValueKind::boolean, "whether bot accounts may play rated games",
     show_bool<InPlan<&lobby::PlanRules::bots_may_play_rated>>,
     apply_bool<InPlan<&lobby::PlanRules::bots_may_play_rated>>},
    {"ranking_policy", "POLICY", ValueKind::text, "rank rules: tom (the TOM table) or association",
     show_choice<At<&ServerConfig::ranking_policy>>,
     [](ServerConfig& c, std::string_view text) {
       return apply_choice<At<&ServerConfig::ranking_policy>, parse_ranking_policy>(c, text, policies);
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
       if (!value) return unexpected(not_one_of(text, average_readings));
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
     show_bool<InApp<&app::AppOptions::recommendation_approval>>,
     apply_bool<InApp<&app::AppOptions::recommendation_approval>>},
    {"tournament_country", "CODE", ValueKind::text,
     "the organiser's country in the EGF tournament export (two letters, such as CN): its PC[] and every "
     "player's country",
     show_text<InExports<&http::TournamentExportOptions::country>>,
     apply_checked_text<InExports<&http::TournamentExportOptions::country>, parse_country_code>},
    {"tournament_club", "CLUB", ValueKind::text,
     "the players' club in the EGF tournament export, and its place in PC[] (1 to 10 letters and digits)",
     show_text<InExports<&http::TournamentExportOptions::club>>,
     apply_checked_text<InExports<&http::TournamentExportOptions::club>, parse_club_code>},
    {"tournament_class", "CLASS", ValueKind::text,
     "the tournament class (A, B, C or D) the EGF tournament export gives in CL[]",
     show_text<InExports<&http::TournamentExportOptions::tournament_class>>,
     apply_checked_text<InExports<&http::TournamentExportOptions::tournament_class>, parse_tournament_class>},
    {"log_level", "LEVEL", ValueKind::text, "trace, debug, info, warn, error, critical or off",
     [](const ServerConfig& c) { return std::string(to_string(log_level(c.log.level))); },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_log_level(text);
       if (!value) return unexpected(not_one_of(text, log_levels));
       c.log.level = spdlog_level(*value);
       return Done{};
     }},
    {"json_logs", "BOOL", ValueKind::boolean, "write logs as one JSON object a line",
     [](const ServerConfig& c) -> std::string { return c.log.format == logging::LogFormat::json ? "true" : "false"; },
     [](ServerConfig& c, std::string_view text) -> Result {
       auto value = parse_bool(text);
       if (!value) return unexpected(value.error());
       c.log.format = *value ? logging::LogFormat::json : logging::LogFormat::text;
       return Done{};
     }},
    {"log_file", "FILE", ValueKind::text,
     "append logs to this file instead of standard error; SIGHUP reopens it (for logrotate)",
     show_text<InLog<&logging::LogOptions::file>>,
     [](ServerConfig& c, std::string_view text) -> Result {
       c.log.file = std::string(text);  // empty: back to standard error
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
