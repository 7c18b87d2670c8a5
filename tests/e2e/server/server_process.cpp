#include "tests/e2e/server/server_process.hpp"

#include <csignal>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "tests/support/programs.hpp"
#include "tests/support/text_files.hpp"
#include "tests/unit/db/temp_database.hpp"

namespace yunzi::e2e {
namespace {

std::mutex registry_mutex;
std::set<const ServerProcess*> registry;

void register_live(const ServerProcess* server, bool live) {
  std::lock_guard lock(registry_mutex);
  if (live) {
    registry.insert(server);
  } else {
    registry.erase(server);
  }
}

// The port once the file holds a whole number (the server may be writing it).
std::uint16_t read_port(const std::filesystem::path& path) {
  const std::string text = test_support::read_file(path);
  if (text.empty() || text.find_first_not_of("0123456789 \r\n") != std::string::npos) return 0;
  try {
    const unsigned long value = std::stoul(text);
    return value > 0 && value < 65536 ? static_cast<std::uint16_t>(value) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

std::vector<const ServerProcess*> live_servers() {
  std::lock_guard lock(registry_mutex);
  return {registry.begin(), registry.end()};
}

ServerProcess::ServerProcess(std::filesystem::path work_dir, ServerOptions options)
    : work_dir_(std::move(work_dir)),
      data_dir_(work_dir_ / "data"),
      log_path_(work_dir_ / "server.log"),
      port_path_(work_dir_ / "port"),
      options_(std::move(options)) {
  std::filesystem::create_directories(data_dir_);
  if (options_.database) {
    database_url_ = options_.database;
  } else if (auto server = db::testing::test_postgres_server()) {
    database_url_ = db::testing::fresh_postgres_database(*server).location;
  }
  register_live(this, true);
}

ServerProcess::~ServerProcess() {
  if (running()) kill();
  register_live(this, false);
}

std::vector<std::string> ServerProcess::arguments() const {
  std::vector<std::string> args = {test_support::yunzi_server_path(), "--bind", "127.0.0.1", "--port", "0",
                                   "--port-file", port_path_.string(), "--data-dir", data_dir_.string(),
                                   "--password-hash-cost", "min", "--io-threads", "2",
                                   // Every test signs up from 127.0.0.1; the sign-up tests lower it again.
                                   "--signups-per-address-hour", "100000",
                                   // A test's clients read only while they wait for something, so an idle
                                   // one never answers the close frame of a restart.
                                   "--close-timeout-s", "1"};
  if (!options_.default_rate_limit) {
    for (const char* arg : {"--rate-limit", "1000", "--rate-burst", "2000"}) args.emplace_back(arg);
  }
  if (database_url_) {
    args.emplace_back("--database");
    args.push_back(*database_url_);
  }
  args.insert(args.end(), options_.extra_args.begin(), options_.extra_args.end());
  return args;
}

Expected<Done, std::string> ServerProcess::start(std::chrono::milliseconds timeout) {
  if (running()) return unexpected(std::string("the server is already running"));
  std::error_code ignored;
  std::filesystem::remove(port_path_, ignored);
  port_ = 0;

  const std::vector<std::string> args = arguments();
  {
    std::string banner = "---- start: ";
    for (const auto& arg : args) banner += arg + " ";
    std::ofstream(log_path_, std::ios::app) << banner << "\n";
  }
  test_support::ChildOptions child_options;
  child_options.log = log_path_;
  child_options.limits = options_.limits;
  if (auto started = child_.start(args, child_options); !started) return unexpected(started.error());

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (const auto ended = child_.poll()) {
      return unexpected("the server ended before listening (" + ended->describe() + "); log:\n" + log_tail(30));
    }
    port_ = read_port(port_path_);
    if (port_ != 0) return Done{};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill();
  return unexpected("no port file after " + std::to_string(timeout.count()) + " ms; log:\n" + log_tail(30));
}

Expected<int, std::string> ServerProcess::stop(std::chrono::milliseconds timeout) {
  if (!running()) return unexpected(std::string("the server is not running"));
  terminate();
  return wait_exit(timeout);
}

void ServerProcess::terminate() { child_.signal(SIGTERM); }

Expected<int, std::string> ServerProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (!running()) return unexpected(std::string("the server is not running"));
  const auto ended = child_.wait_for(timeout);
  if (!ended) {
    kill();
    return unexpected("the server did not exit within " + std::to_string(timeout.count()) + " ms of SIGTERM");
  }
  if (!ended->exited()) return unexpected("the server died after SIGTERM: " + ended->describe());
  return ended->code();
}

void ServerProcess::kill() { child_.kill(); }

void ServerProcess::send_signal(int signal) { child_.signal(signal); }

std::string ServerProcess::log_text() const { return test_support::read_file(log_path_); }

std::string ServerProcess::log_tail(std::size_t lines) const { return test_support::last_lines(log_text(), lines); }

}  // namespace yunzi::e2e
