#include "tests/e2e/bot/bot_stage.hpp"

#include <signal.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <thread>

#include "tests/e2e/admin/admin_process.hpp"
#include "tests/support/programs.hpp"

namespace yunzi::bot_e2e {

Stage::Stage() { std::filesystem::create_directories(dir_ / "data"); }

Stage::~Stage() {
  stop_bot();
  server_.stop(SIGTERM, std::chrono::seconds(10));
}

std::optional<int> Stage::wait_bot_exit(std::chrono::milliseconds timeout) {
  const auto ended = bot_.wait_for(timeout);
  if (!ended || !ended->exited()) return std::nullopt;
  return ended->code();
}

std::string Stage::bot_log_when(const std::function<bool(const std::string&)>& done) const {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string log = bot_log();
  while (!done(log) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    log = bot_log();
  }
  return log;
}

std::string Stage::log_tails() const {
  return "---- bot log (end) ----\n" + test_support::last_lines(bot_log(), 40) + "\n---- server log (end) ----\n" +
         test_support::last_lines(server_log(), 20);
}

void Stage::start_server() {
  const auto port_file = dir_ / "port";
  std::filesystem::remove(port_file);
  const std::vector<std::string> args = {test_support::yunzi_server_path(),
                                         "--bind",
                                         "127.0.0.1",
                                         "--port",
                                         std::to_string(port_),
                                         "--port-file",
                                         port_file.string(),
                                         "--data-dir",
                                         (dir_ / "data").string(),
                                         "--password-hash-cost",
                                         "min",
                                         "--io-threads",
                                         "2",
                                         "--rate-limit",
                                         "1000",
                                         "--rate-burst",
                                         "2000"};
  // A port just freed may still be held for a moment: try again a few times.
  for (int attempt = 0; attempt < 20; ++attempt) {
    test_support::ChildOptions options;
    options.log = dir_ / "server.log";
    REQUIRE(server_.start(args, options));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline && server_.running()) {
      const std::string text = read_file(port_file);
      if (!text.empty() && text.back() == '\n') {
        port_ = static_cast<std::uint16_t>(std::stoi(text));
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    server_.kill();
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  FAIL("the server did not start\n" << log_tails());
}

void Stage::kill_server() { server_.kill(); }

void Stage::create_bot_account() {
  // On the running server's database, as in tools/BOT.md.
  const auto run = admin_tests::run_admin_tool({"db", "--data-dir", (dir_ / "data").string(), "create-account",
                                                kBotName, "--role", "bot", "--rank", "5k", "--password-stdin"},
                                               kBotPassword + "\n");
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

void Stage::start_bot(const std::vector<std::string>& extra_args, Password password) {
  // YUNZI_BOT_TRACE=1 logs every GTP command the bot sends.
  const std::string log_level = std::getenv("YUNZI_BOT_TRACE") ? "trace" : "debug";
  std::vector<std::string> args = {test_support::yunzi_bot_path(),
                                   "--port",
                                   std::to_string(port_),
                                   "--name",
                                   kBotName,
                                   "--engine",
                                   test_support::gnugo_path() + " --mode gtp --chinese-rules --level 1",
                                   "--engine-clock",
                                   "false",
                                   "--log-level",
                                   log_level,
                                   "--reconnect-max-ms",
                                   "500"};
  test_support::ChildOptions input;
  input.log = dir_ / "bot.log";
  switch (password) {
    case Password::flag: args.insert(args.end(), {"--password", kBotPassword}); break;
    case Password::environment: input.env.emplace_back("YUNZI_BOT_PASSWORD", kBotPassword); break;
    case Password::standard_input:
      args.push_back("--password-stdin");
      input.stdin_text = kBotPassword + "\n";
      break;
  }
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  REQUIRE(bot_.start(args, input));
}

int Stage::stop_bot() {
  const auto ended = bot_.stop(SIGTERM);
  return ended ? ended->code() : -1;
}

}  // namespace yunzi::bot_e2e
