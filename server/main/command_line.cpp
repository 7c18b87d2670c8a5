#include "server/main/command_line.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "server/config/config_loader.hpp"
#include "server/lobby/lobby_snapshot.hpp"
#include "server/main/start_failure.hpp"

namespace yunzi::server_main {
namespace {

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

}  // namespace

Expected<Settings, int> read_settings(int argc, char** argv) {
  const CommandLine command_line = split_command_line(argc, argv);
  if (command_line.error) {
    std::fprintf(stderr, "yunzi-server: %s\n", command_line.error->c_str());
    return unexpected(exit_bad_config);
  }
  auto loaded = config::load_config(command_line.config_args, config::process_environment());
  if (!loaded) {
    std::fprintf(stderr, "yunzi-server: %s\n", loaded.error().message.c_str());
    return unexpected(exit_bad_config);
  }
  if (loaded->help_requested) {
    std::printf("%s", config::help_text(argv[0]).c_str());
    std::printf("\n  --port-file FILE  write the bound port to FILE once listening (for --port 0)\n");
    return unexpected(0);
  }
  const config::ServerConfig& config = loaded->config;
  // A lobby whose largest snapshot could not be sent would close every lobby.watch once it fills up.
  if (auto fits = lobby::check_snapshot_fits(config.app.lobby_limits, config.net.send_queue_bytes); !fits) {
    std::fprintf(stderr, "yunzi-server: %s\n", fits.error().c_str());
    return unexpected(exit_bad_config);
  }
  return Settings{std::move(loaded->config), command_line.port_file};
}

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

}  // namespace yunzi::server_main
