#include "server/main/stores.hpp"

#include <filesystem>
#include <future>
#include <string>
#include <system_error>
#include <utility>

#include <spdlog/spdlog.h>

#include "accounts/registration_rules.hpp"
#include "server/main/wall_clock.hpp"

namespace yunzi::server_main {
namespace {

// Accounts stored before name skeletons existed get theirs before anyone can register.
Expected<Done, StartFailure> fill_name_skeletons(accounts::Accounts& accounts) {
  std::promise<accounts::AccountResult<int>> filled;
  accounts.fill_name_skeletons([&](accounts::AccountResult<int> result) { filled.set_value(std::move(result)); });
  auto result = filled.get_future().get();
  if (!result) {
    return unexpected(
        StartFailure{exit_database, "cannot fill in name skeletons: " + result.error().message, /*plain=*/true});
  }
  return Done{};
}

}  // namespace

Expected<std::unique_ptr<Stores>, StartFailure> Stores::open(const config::ServerConfig& config) {
  std::error_code ec;
  std::filesystem::create_directories(config.data_dir, ec);
  auto database = db::parse_database_url(config.database_url());
  if (!database) return unexpected(StartFailure{exit_bad_config, database.error().message});
  const bool cluster = !config.cluster.node.empty();
  if (cluster && database->engine != db::Engine::postgresql) {
    return unexpected(StartFailure{exit_bad_config, "node is set: the nodes of a cluster share a PostgreSQL database"});
  }
  if (!cluster && !config.cluster.nats.empty()) {
    return unexpected(StartFailure{exit_bad_config, "nats is set: only the nodes of a cluster (node) use it"});
  }
  db::OpenOptions open_options;
  open_options.sole_writer = true;
  open_options.node = config.cluster.node;
  // A paused node's open transaction must not hold back the takeover of its games.
  if (cluster) open_options.idle_transaction_limit_ms = static_cast<int>(config.cluster.lease.count() / 2);
  auto connection = db::open_database(*database, open_options);
  if (!connection) {
    return unexpected(StartFailure{exit_database, "cannot open the database " + db::describe(*database) + " (" +
                                                      std::string(db::to_string(connection.error().kind)) +
                                                      "): " + connection.error().message});
  }
  spdlog::info("database open engine={} at={}{}", db::to_string(database->engine), db::describe(*database),
               cluster ? " node=" + config.cluster.node : "");

  accounts::load_name_rules();
  auto stores = std::make_unique<Stores>(std::move(*database), std::move(*connection), config.accounts);
  if (auto filled = fill_name_skeletons(stores->accounts_); !filled) return unexpected(filled.error());
  return stores;
}

Stores::Stores(db::DatabaseTarget database, db::Connection connection, const accounts::AccountsOptions& options)
    : database_(std::move(database)),
      writer_(std::move(connection)),
      hashing_(2),
      accounts_(writer_, hashing_, wall_clock_ms, options),
      reads_(database_) {
  writer_.on_health_change([](const db::WriterHealth& health) {
    if (health.failing) {
      spdlog::error("database writes failing kind={} error={}; /healthz answers 503 until a write succeeds",
                    db::to_string(health.reason.kind), health.reason.message);
    } else {
      spdlog::info("database writes succeed again");
    }
  });
}

void Stores::stop() {
  reads_.stop();
  hashing_.shutdown();
  writer_.shutdown();
}

}  // namespace yunzi::server_main
