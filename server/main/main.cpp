// yunzi-server: reads the configuration, opens the database, restores the
// games in progress, serves until SIGTERM or SIGINT, then says goodbye to
// every client, closes them with 1012 and drains the writer.
//
// SIGHUP reopens the log file (log_file), for logrotate; other settings are
// read at start only.
//
// Exit codes: 0 clean shutdown, 2 bad configuration (or the log file cannot
// be opened), 3 database cannot be opened or read, 4 cannot listen or write
// the port file.
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <prometheus/registry.h>
#include <spdlog/spdlog.h>

#include "db/database.hpp"
#include "db/lease_keeper.hpp"
#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts.hpp"
#include "server/app/app.hpp"
#include "server/app/board_service.hpp"
#include "server/app/shared_limits.hpp"
#include "server/cluster/bus.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/config/config_loader.hpp"
#include "server/http/http_routes.hpp"
#include "server/lobby/lobby_snapshot.hpp"
#include "server/logging/log_output.hpp"
#include "server/main/handler_relay.hpp"
#include "server/net/server.hpp"
#include "server/ranking/policy.hpp"

namespace {

using namespace yunzi;

constexpr int exit_bad_config = 2;
constexpr int exit_database = 3;
constexpr int exit_listen = 4;

struct CommandLine {
  std::vector<std::string> config_args;  // everything load_config understands
  std::optional<std::string> port_file;
  std::optional<std::string> error;
};

// --port-file belongs to the process, not to the server settings.
CommandLine split_command_line(int argc, char** argv) {
  CommandLine out;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--port-file") {
      if (i + 1 >= argc) {
        out.error = "--port-file needs a file name";
        return out;
      }
      out.port_file = argv[++i];
    } else if (arg.starts_with("--port-file=")) {
      out.port_file = arg.substr(std::string("--port-file=").size());
    } else {
      out.config_args.push_back(arg);
    }
  }
  if (out.port_file && out.port_file->empty()) out.error = "--port-file needs a file name";
  return out;
}

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

void on_sighup(logging::LogOutput& log) {
  if (!log.to_file()) {
    spdlog::info("signal SIGHUP: logs go to standard error, nothing to reopen; other settings are read at start only");
    return;
  }
  // The last line of the old file, then the first of the new one.
  spdlog::info("signal SIGHUP: reopening the log file path={}", log.file_path());
  if (auto reopened = log.reopen(); !reopened) {
    spdlog::error("log file not reopened, still writing to the old one: {}", reopened.error());
    return;
  }
  spdlog::info("log file reopened path={}", log.file_path());
}

// The settings' network part as the server runs it: no static site when its
// directory is missing, and three pings within the idle timeout, so that a
// client that only answers them is never taken for gone, even when one pong
// is late.
net::NetConfig served_net(net::NetConfig net) {
  std::error_code ec;
  if (!std::filesystem::is_directory(net.static_dir, ec)) net.static_dir.clear();
  net.ping_interval = std::min(net.ping_interval, net.idle_timeout / 3);
  return net;
}

// Accounts stored before name skeletons existed get theirs before anyone can register.
bool fill_name_skeletons(accounts::Accounts& accounts) {
  std::promise<accounts::AccountResult<int>> filled;
  accounts.fill_name_skeletons([&](accounts::AccountResult<int> result) { filled.set_value(std::move(result)); });
  auto result = filled.get_future().get();
  if (!result)
    std::fprintf(stderr, "yunzi-server: cannot fill in name skeletons: %s\n", result.error().message.c_str());
  return result.has_value();
}

// A start-up failure once the log is set up: the reason goes to the log, and
// to standard error as well when the log is a file, so that the journal (or
// whoever started the server) sees it too.
int refuse_start(const logging::LogOutput& log, int exit_code, const std::string& reason) {
  spdlog::critical("not starting: {}", reason);
  if (log.to_file()) std::fprintf(stderr, "yunzi-server: %s\n", reason.c_str());
  return exit_code;
}

// Written whole, then renamed, so a reader never sees a half-written port.
bool write_port_file(const std::string& path, std::uint16_t port) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << port << "\n";
    if (!out.flush()) return false;
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  return !ec;
}

// This process among the node's: a restart under the same name gets
// another, so the other nodes drop what stood in for the earlier one's
// connections (NodePresence, GameRelay).
std::string boot_id() {
  std::random_device random;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", random(), random());
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  // Blocked before any thread starts, so every thread inherits the mask and
  // only the sigwait below receives them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  signal(SIGPIPE, SIG_IGN);
  // Over a file size limit (RLIMIT_FSIZE) a write fails with EFBIG like on a
  // full disk, and the database writer reports it, instead of the process
  // dying of SIGXFSZ in the middle of a commit.
  signal(SIGXFSZ, SIG_IGN);

  const CommandLine command_line = split_command_line(argc, argv);
  if (command_line.error) {
    std::fprintf(stderr, "yunzi-server: %s\n", command_line.error->c_str());
    return exit_bad_config;
  }
  auto loaded = config::load_config(command_line.config_args, config::process_environment());
  if (!loaded) {
    std::fprintf(stderr, "yunzi-server: %s\n", loaded.error().message.c_str());
    return exit_bad_config;
  }
  if (loaded->help_requested) {
    std::printf("%s", config::help_text(argv[0]).c_str());
    std::printf("\n  --port-file FILE  write the bound port to FILE once listening (for --port 0)\n");
    return 0;
  }
  const config::ServerConfig& config = loaded->config;
  // A lobby whose largest snapshot could not be sent would close every lobby.watch once it fills up.
  if (auto fits = app::check_snapshot_fits(config.app.lobby_limits, config.net.send_queue_bytes); !fits) {
    std::fprintf(stderr, "yunzi-server: %s\n", fits.error().c_str());
    return exit_bad_config;
  }
  auto log_output = logging::LogOutput::install(config.log);
  if (!log_output) {
    std::fprintf(stderr, "yunzi-server: %s\n", log_output.error().c_str());
    return exit_bad_config;
  }

  std::error_code ec;
  std::filesystem::create_directories(config.data_dir, ec);
  auto database = db::parse_database_url(config.database_url());
  if (!database) return refuse_start(*log_output, exit_bad_config, database.error().message);
  const bool cluster = !config.app.node.empty();
  if (cluster && database->engine != db::Engine::postgresql) {
    return refuse_start(*log_output, exit_bad_config,
                        "node is set: the nodes of a cluster share a PostgreSQL database");
  }
  if (!cluster && !config.nats.empty()) {
    return refuse_start(*log_output, exit_bad_config, "nats is set: only the nodes of a cluster (node) use it");
  }
  db::OpenOptions open_options;
  open_options.sole_writer = true;
  open_options.node = config.app.node;
  // A paused node's open transaction must not hold back the takeover of its games.
  if (cluster) open_options.idle_transaction_limit_ms = static_cast<int>(config.app.lease.count() / 2);
  auto connection = db::open_database(*database, open_options);
  if (!connection) {
    return refuse_start(*log_output, exit_database,
                        "cannot open the database " + db::describe(*database) + " (" +
                            std::string(db::to_string(connection.error().kind)) + "): " + connection.error().message);
  }
  spdlog::info("database open engine={} at={}{}", db::to_string(database->engine), db::describe(*database),
               cluster ? " node=" + config.app.node : "");

  db::Writer writer(std::move(*connection));
  writer.on_health_change([](const db::WriterHealth& health) {
    if (health.failing) {
      spdlog::error("database writes failing kind={} error={}; /healthz answers 503 until a write succeeds",
                    db::to_string(health.reason.kind), health.reason.message);
    } else {
      spdlog::info("database writes succeed again");
    }
  });
  accounts::load_name_rules();
  accounts::WorkerPool hashing(2);
  accounts::Accounts accounts(writer, hashing, wall_clock_ms, config.accounts);
  if (!fill_name_skeletons(accounts)) return exit_database;
  db::ReadPool reads(*database);

  // The process's one registry: the network layer and the app register their counters in it, /metrics serves it.
  prometheus::Registry metrics;
  app::HandlerRelay relay;
  net::Server server(served_net(config.net), relay, metrics);
  auto policy = ranking::make_ranking_policy(config::to_string(config.ranking_policy), config.association_rules);
  if (!policy) return refuse_start(*log_output, exit_bad_config, policy.error().message);
  app::App application(server.io_context(), writer, accounts, reads, metrics, wall_clock_ms, config.app,
                       std::move(*policy));
  // The io threads, the readers, the hashing pool and the writer (whose completions hold references
  // to the App's parts) stop before the App goes, however main leaves from here. Each stop is a
  // no-op the second time, so the clean shutdown below leaves the guard nothing to do.
  std::optional<db::LeaseKeeper> leases;
  std::optional<cluster::Bus> bus;
  std::shared_ptr<cluster::NodePresence> presence;
  std::shared_ptr<app::GameRelay> watch_relay;
  std::shared_ptr<app::LobbyLink> lobby_link;
  std::optional<app::SharedLimits> shared_limits;
  const auto stop_all = [&](std::chrono::milliseconds grace) {
    if (leases) leases->stop();
    server.shutdown(grace);
    reads.stop();
    hashing.shutdown();
    writer.shutdown();
  };
  // The bus outlives stop_all: a clean stop still tells the other nodes it handed its games over.
  const auto stop_bus = [&] {
    if (watch_relay) watch_relay->stop();
    if (lobby_link) lobby_link->stop();
    application.reach().stop();
    if (shared_limits) shared_limits->stop();
    if (presence) presence->stop();
    if (bus) bus->stop();
  };
  struct StopBeforeApp {
    std::function<void()> stop;
    ~StopBeforeApp() { stop(); }
  } stop_before_app{[&] {
    stop_all(std::chrono::seconds(1));
    stop_bus();
  }};
  relay.attach(application);
  const app::ScrapeSources scrape{writer,
                                  [&application] {
                                    return app::LiveFigures{application.session_count(), application.game_count(),
                                                            application.scoring_count(), application.open_boards()};
                                  },
                                  [&leases]() -> std::optional<db::LeaseStats> {
                                    if (!leases) return std::nullopt;
                                    return leases->stats();
                                  },
                                  [&bus, &presence, &watch_relay]() -> std::optional<app::BusFigures> {
                                    if (!bus || !presence || !watch_relay) return std::nullopt;
                                    const cluster::BusStats stats = bus->stats();
                                    const auto [relay_messages, relay_deliveries] = watch_relay->relayed();
                                    return app::BusFigures{
                                        bus->connected(),         stats.reconnects, stats.last_request_rtt_us,
                                        presence->peers().size(), relay_messages,   relay_deliveries};
                                  }};
  for (auto& route : app::http_routes(reads, scrape, metrics, config.metrics_allow)) {
    server.add_async_route(std::move(route));
  }

  auto restored = application.restore_games();
  if (!restored) return refuse_start(*log_output, exit_database, restored.error());
  spdlog::info("games restored count={}", *restored);
  if (!config.nats.empty()) {
    cluster::BusOptions bus_options;
    bus_options.urls = config.nats;
    bus_options.name = "yunzi " + config.app.node;
    bus.emplace(server.io_context().get_executor(), bus_options);
    const std::string boot = boot_id();
    // Made before the bus starts, so that its state reports may reach it; started after.
    watch_relay = std::make_shared<app::GameRelay>(*bus, server.io_context().get_executor(), config.app.node, boot,
                                                   application.games());
    lobby_link =
        std::make_shared<app::LobbyLink>(*bus, server.io_context().get_executor(), config.app.node + "." + boot,
                                         app::LobbyLink::random_id_base(), application.lobby(), application.reach());
    bus->on_state_change([&watch_relay, &lobby_link](bool connected) {
      if (connected) {
        spdlog::info("NATS connected");
        watch_relay->reconnected();
        lobby_link->reconnected();
      } else {
        spdlog::warn("NATS connection lost; this node's games go on, /healthz answers 503 until it is back");
      }
    });
    if (auto started = bus->start(); !started) return refuse_start(*log_output, exit_bad_config, started.error());
    presence = std::make_shared<cluster::NodePresence>(
        server.io_context(), *bus, cluster::PresenceOptions{config.app.node, boot},
        [&application] {
          return cluster::NodeFigures{application.game_count(), application.session_count()};
        },
        [&leases](const std::string& node) {
          spdlog::info("node {} handed its games over; claiming now", node);
          if (leases) leases->wake();
        });
    presence->on_gone([&watch_relay, &lobby_link, &application](const cluster::PeerGone& gone) {
      watch_relay->node_gone(gone);
      lobby_link->node_gone(gone.node, gone.boot);
      // Tournaments made on the gone node since this one started are followed here from now on.
      if (auto followed = application.tournaments().restore(); !followed) {
        spdlog::error("tournaments not followed after node {} left: {}", gone.node, followed.error());
      }
    });
    presence->on_back([&watch_relay, &lobby_link](const std::string& node, const std::string& back_boot) {
      spdlog::info("node {} (boot {}) is heard again after it fell silent", node, back_boot);
      watch_relay->node_back(node, back_boot);
      lobby_link->node_back(node, back_boot);
    });
    watch_relay->on_heard_from(
        [weak = std::weak_ptr<cluster::NodePresence>(presence)](std::string_view node, std::string_view from_boot) {
          if (auto alive = weak.lock()) alive->heard_from(node, from_boot);
        });
    if (auto started = presence->start(); !started) return refuse_start(*log_output, exit_database, started.error());
    // Before the lease rounds: every game this node runs is served to the other nodes' connections.
    if (auto started = watch_relay->start(); !started) {
      return refuse_start(*log_output, exit_database, started.error());
    }
    if (auto started = application.reach().start_on(*bus, config.app.node + "." + boot); !started) {
      return refuse_start(*log_output, exit_database, started.error());
    }
    shared_limits.emplace(accounts, application.shared_quotas());
    if (auto started = shared_limits->start_on(*bus, config.app.node + "." + boot); !started) {
      return refuse_start(*log_output, exit_database, started.error());
    }
    application.attach_relay(watch_relay);
    application.attach_lobby_link(lobby_link);
    if (auto started = lobby_link->start(); !started) return refuse_start(*log_output, exit_database, started.error());
  }
  if (cluster) {
    auto lease_connection = db::open_database(*database, db::OpenOptions{});
    if (!lease_connection) {
      return refuse_start(*log_output, exit_database,
                          "cannot open the lease connection: " + lease_connection.error().message);
    }
    db::LeaseOptions lease_options;
    lease_options.node = config.app.node;
    lease_options.lease = config.app.lease;
    lease_options.renew_every = config.app.lease / 3;
    leases.emplace(
        std::move(*lease_connection), lease_options, wall_clock_ms,
        [&application](db::Stores& stores, const db::LeaseRound& round) { application.on_lease_round(stores, round); });
    spdlog::info("cluster node={} lease_s={}: games are claimed by lease rounds", config.app.node,
                 std::chrono::duration_cast<std::chrono::seconds>(config.app.lease).count());
  }
  auto tournaments = application.tournaments().restore();
  if (!tournaments) {
    std::fprintf(stderr, "yunzi-server: %s\n", tournaments.error().c_str());
    return exit_database;
  }
  spdlog::info("tournaments followed count={}", *tournaments);

  auto port = server.start();
  if (!port) {
    return refuse_start(
        *log_output, exit_listen,
        "cannot listen on " + config.net.bind_address + ":" + std::to_string(config.net.port) + ": " + port.error());
  }
  spdlog::info("listening address={} port={}", config.net.bind_address, *port);
  if (command_line.port_file && !write_port_file(*command_line.port_file, *port)) {
    return refuse_start(*log_output, exit_listen, "cannot write the port file " + *command_line.port_file);
  }

  for (;;) {
    int received = 0;
    if (sigwait(&signals, &received) != 0) continue;
    if (received == SIGHUP) {
      on_sighup(*log_output);
      continue;
    }
    spdlog::info("signal {}: shutting down", received == SIGTERM ? "SIGTERM" : "SIGINT");
    break;
  }

  application.notify_all("server restarting");
  stop_all(std::chrono::seconds(5));
  if (leases) {
    // Every write is drained: the other nodes may take the games over at once.
    if (auto handed = leases->hand_over(); !handed) {
      spdlog::warn("leases not handed over ({}); they run out within {} s", handed.error().message,
                   std::chrono::duration_cast<std::chrono::seconds>(config.app.lease).count());
    } else {
      spdlog::info("leases handed over node={}", config.app.node);
      if (presence) presence->announce_handover();
    }
  }
  stop_bus();
  spdlog::info("stopped cleanly");
  return 0;
}
