#include "server/config/server_config.hpp"

#include <array>
#include <chrono>
#include <filesystem>
#include <thread>

namespace yunzi::config {
namespace {

template <class E, std::size_t N>
std::string_view name_of(E value, const std::array<std::string_view, N>& names) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : std::string_view("unknown");
}

template <class E, std::size_t N>
std::optional<E> value_of(std::string_view text, const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == text) return static_cast<E>(i);
  }
  return std::nullopt;
}

// Listed in enum order.
constexpr std::array<std::string_view, 2> hash_cost_names{"interactive", "min"};
constexpr std::array<std::string_view, 2> policy_names{"tom", "association"};
constexpr std::array<std::string_view, 7> log_level_names{"trace", "debug", "info", "warn", "error", "critical", "off"};
constexpr std::array<spdlog::level::level_enum, 7> spdlog_levels{
    spdlog::level::trace, spdlog::level::debug,    spdlog::level::info, spdlog::level::warn,
    spdlog::level::err,   spdlog::level::critical, spdlog::level::off};

}  // namespace

std::string_view to_string(PasswordHashCost cost) { return name_of(cost, hash_cost_names); }
std::optional<PasswordHashCost> parse_password_hash_cost(std::string_view text) {
  return value_of<PasswordHashCost>(text, hash_cost_names);
}

std::string_view to_string(RankingPolicy policy) { return name_of(policy, policy_names); }
std::optional<RankingPolicy> parse_ranking_policy(std::string_view text) {
  return value_of<RankingPolicy>(text, policy_names);
}

std::string_view to_string(LogLevel level) { return name_of(level, log_level_names); }
std::optional<LogLevel> parse_log_level(std::string_view text) { return value_of<LogLevel>(text, log_level_names); }

accounts::PasswordCost password_cost(PasswordHashCost cost) {
  return cost == PasswordHashCost::min ? accounts::PasswordCost::minimum() : accounts::PasswordCost::interactive();
}

PasswordHashCost password_hash_cost(const accounts::PasswordCost& cost) {
  return cost == accounts::PasswordCost::minimum() ? PasswordHashCost::min : PasswordHashCost::interactive;
}

spdlog::level::level_enum spdlog_level(LogLevel level) {
  const auto index = static_cast<std::size_t>(level);
  return index < spdlog_levels.size() ? spdlog_levels[index] : spdlog::level::info;
}

LogLevel log_level(spdlog::level::level_enum level) {
  for (std::size_t i = 0; i < spdlog_levels.size(); ++i) {
    if (spdlog_levels[i] == level) return static_cast<LogLevel>(i);
  }
  return LogLevel::info;
}

std::string to_string(const accounts::Allowance& limit) {
  return std::to_string(limit.burst) + "/" + std::to_string(limit.refill_ms / 1000);
}

int default_io_threads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

net::NetConfig default_net_config() {
  net::NetConfig net;
  net.bind_address = "127.0.0.1";
  net.threads = static_cast<unsigned>(default_io_threads());
  net.static_dir = "web";
  net.send_queue_frames = 256;
  net.idle_timeout = std::chrono::seconds(90);
  return net;
}

std::string ServerConfig::database_path() const { return (std::filesystem::path(data_dir) / database_file).string(); }

std::string ServerConfig::database_url() const { return database.empty() ? "sqlite:" + database_path() : database; }

}  // namespace yunzi::config
