#include "tests/e2e/bot/bot_stage.hpp"

#include <catch2/catch.hpp>
#include <signal.h>
#include <unistd.h>

#include <random>
#include <thread>

#include "tests/e2e/admin/admin_process.hpp"

namespace yunzi::bot_e2e {

namespace {

std::string tail(const std::string& text, std::size_t lines) {
  std::size_t at = text.size();
  while (lines-- > 0 && at > 0) {
    const auto previous = text.rfind('\n', at - 1);
    if (previous == std::string::npos) return text;
    at = previous;
  }
  return text.substr(at);
}

}  // namespace

Stage::Stage() {
  std::random_device random;
  dir_ = std::filesystem::temp_directory_path() / ("yunzi-bot-e2e-" + std::to_string(::getpid()) + "-" + std::to_string(random()));
  std::filesystem::create_directories(dir_ / "data");
}

Stage::~Stage() {
  stop_bot();
  if (server_.pid() > 0) server_.stop(SIGTERM, std::chrono::seconds(10));
  if (!std::getenv("YUNZI_E2E_KEEP")) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
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
  return "---- bot log (end) ----\n" + tail(bot_log(), 40) + "\n---- server log (end) ----\n" + tail(server_log(), 20);
}

void Stage::start_server() {
  const auto port_file = dir_ / "port";
  std::filesystem::remove(port_file);
  const std::vector<std::string> args = {YUNZI_SERVER_PATH, "--bind", "127.0.0.1", "--port", std::to_string(port_),
                                         "--port-file", port_file.string(), "--data-dir", (dir_ / "data").string(),
                                         "--password-hash-cost", "min", "--io-threads", "2", "--rate-limit", "1000",
                                         "--rate-burst", "2000"};
  // A port just freed may still be held for a moment: try again a few times.
  for (int attempt = 0; attempt < 20; ++attempt) {
    REQUIRE(server_.start(args, dir_ / "server.log"));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline && server_.running()) {
      const std::string text = read_file(port_file);
      if (!text.empty() && text.back() == '\n') {
        port_ = static_cast<std::uint16_t>(std::stoi(text));
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    server_.stop(SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  FAIL("the server did not start\n" << log_tails());
}

void Stage::kill_server() { server_.stop(SIGKILL); }

void Stage::create_bot_account() {
  // On the running server's database, as in tools/BOT.md.
  const auto run = admin_tests::run_admin_tool({"db", "--data-dir", (dir_ / "data").string(), "create-account", kBotName,
                                                "--role", "bot", "--rank", "5k", "--password-stdin"},
                                               kBotPassword + "\n");
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

void Stage::start_bot(const std::vector<std::string>& extra_args, Password password) {
  // YUNZI_BOT_TRACE=1 logs every GTP command the bot sends.
  const std::string log_level = std::getenv("YUNZI_BOT_TRACE") ? "trace" : "debug";
  std::vector<std::string> args = {YUNZI_BOT_PATH, "--port", std::to_string(port_), "--name", kBotName, "--engine",
                                   "/usr/games/gnugo --mode gtp --chinese-rules --level 1", "--engine-clock", "false",
                                   "--log-level", log_level, "--reconnect-max-ms", "500"};
  ChildInput input;
  switch (password) {
    case Password::flag:
      args.insert(args.end(), {"--password", kBotPassword});
      break;
    case Password::environment:
      input.env.emplace_back("YUNZI_BOT_PASSWORD", kBotPassword);
      break;
    case Password::standard_input:
      args.push_back("--password-stdin");
      input.stdin_text = kBotPassword + "\n";
      break;
  }
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  REQUIRE(bot_.start(args, dir_ / "bot.log", input));
}

int Stage::stop_bot() { return bot_.pid() > 0 ? bot_.stop(SIGTERM) : -1; }

}  // namespace yunzi::bot_e2e
