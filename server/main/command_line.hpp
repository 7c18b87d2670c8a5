// What yunzi-server's command line asks for: the settings (server/config:
// defaults < --config file < YUNZI_* < flags, or --help) and --port-file,
// which belongs to the process rather than to the settings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/expected.hpp"
#include "server/config/server_config.hpp"

namespace yunzi::server_main {

struct Settings {
  config::ServerConfig config;
  std::optional<std::string> port_file;  // where the bound port goes once listening
};

// The settings, checked; or the exit code when there is nothing to serve: 0
// once --help is printed, 2 for a mistake (told on standard error), among
// them limits whose largest lobby snapshot the send queue could not hold.
Expected<Settings, int> read_settings(int argc, char** argv);

// Written whole, then renamed, so a reader never sees a half-written port.
bool write_port_file(const std::string& path, std::uint16_t port);

}  // namespace yunzi::server_main
