// The scene of a bot test: a temporary directory holding a real
// yunzi-server (its data directory and log), the bot's account (made with
// its role in one step, `yunzi-admin db create-account --role bot`, as the
// operator does), and a real yunzi-bot process with its log. The server can
// be killed and started again on the same port and data.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text_files.hpp"

namespace yunzi::bot_e2e {

using test_support::children_named;
using test_support::read_file;

inline const std::string kBotName = "gnugo";
inline const std::string kBotPassword = "stones-and-sand";

class Stage {
 public:
  Stage();
  ~Stage();
  Stage(const Stage&) = delete;
  Stage& operator=(const Stage&) = delete;

  // The first start takes any free port; later starts reuse it, as a
  // restarted server would.
  void start_server();
  void kill_server();
  std::uint16_t port() const { return port_; }

  void create_bot_account();
  // How the bot gets its password.
  enum class Password { flag, environment, standard_input };
  // The bot with the engine at level 1 and without the clock (GNU Go given
  // a clock thinks far longer than level 1), plus the given extra flags
  // (a later flag wins).
  void start_bot(const std::vector<std::string>& extra_args = {}, Password password = Password::flag);
  int stop_bot();
  // The bot's exit code once it stopped by itself; nullopt while it runs.
  std::optional<int> wait_bot_exit(std::chrono::milliseconds timeout);
  pid_t bot_pid() const { return bot_.pid(); }

  std::string bot_log() const { return read_file(dir_ / "bot.log"); }
  // The bot's log once `done` holds for it (the bot writes as it goes, a
  // little after what the test saw), or as it is after 20 s.
  std::string bot_log_when(const std::function<bool(const std::string&)>& done) const;
  std::string server_log() const { return read_file(dir_ / "server.log"); }
  // The last lines of both logs, for failure messages.
  std::string log_tails() const;

 private:
  test_support::TempDir dir_{"yunzi-bot-e2e"};
  test_support::ChildProcess server_;
  test_support::ChildProcess bot_;
  std::uint16_t port_ = 0;
};

}  // namespace yunzi::bot_e2e
