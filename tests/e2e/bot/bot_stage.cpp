#include "tests/e2e/bot/bot_stage.hpp"

#include <catch2/catch.hpp>
#include <signal.h>
#include <unistd.h>

#include <random>
#include <thread>

#include "db/database.hpp"
#include "db/sqlite_stores.hpp"
#include "tools/client/ws_client.hpp"

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
  auto ws = client::WsClient::connect("127.0.0.1", port_);
  REQUIRE(ws.has_value());
  auto reply = (*ws)->request({{"type", "register"}, {"name", kBotName}, {"password", kBotPassword}, {"rank", "5k"}});
  REQUIRE(reply.has_value());
  REQUIRE((*reply)["type"] == "ok");
  (*ws)->close();

  // No request or flag of the server sets a role: the test writes it into
  // the database as `yunzi-admin db set-role` does.
  auto connection = db::open_database((dir_ / "data" / "yunzi.sqlite3").string());
  REQUIRE(connection.has_value());
  db::SqliteUserStore users(*connection);
  auto user = users.find_by_name_key(kBotName);
  REQUIRE(user.has_value());
  REQUIRE(user->has_value());
  REQUIRE(users.set_role((*user)->id, db::Role::bot).has_value());
}

void Stage::start_bot(const std::vector<std::string>& extra_args) {
  // YUNZI_BOT_TRACE=1 logs every GTP command the bot sends.
  const std::string log_level = std::getenv("YUNZI_BOT_TRACE") ? "trace" : "debug";
  std::vector<std::string> args = {YUNZI_BOT_PATH, "--port", std::to_string(port_), "--name", kBotName,
                                   "--password", kBotPassword, "--engine",
                                   "/usr/games/gnugo --mode gtp --chinese-rules --level 1", "--engine-clock", "false",
                                   "--log-level", log_level, "--reconnect-max-ms", "500"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  REQUIRE(bot_.start(args, dir_ / "bot.log"));
}

int Stage::stop_bot() { return bot_.pid() > 0 ? bot_.stop(SIGTERM) : -1; }

}  // namespace yunzi::bot_e2e
