#include "tests/support/programs.hpp"

#include <filesystem>
#include <stdexcept>

namespace yunzi::test_support {
namespace {

std::string built(const char* path, const char* program) {
  if (path == nullptr || *path == '\0') throw std::logic_error(std::string(program) + " is not built in this tree");
  return path;
}

}  // namespace

#ifndef YUNZI_SERVER_PATH
#define YUNZI_SERVER_PATH nullptr
#endif
#ifndef YUNZI_ADMIN_PATH
#define YUNZI_ADMIN_PATH nullptr
#endif
#ifndef YUNZI_BOT_PATH
#define YUNZI_BOT_PATH nullptr
#endif
#ifndef YUNZI_ANALYZER_PATH
#define YUNZI_ANALYZER_PATH nullptr
#endif
#ifndef YUNZI_GTP_PATH
#define YUNZI_GTP_PATH nullptr
#endif
#ifndef YUNZI_BASELINE_PATH
#define YUNZI_BASELINE_PATH nullptr
#endif

std::string yunzi_server_path() { return built(YUNZI_SERVER_PATH, "yunzi-server"); }
std::string yunzi_admin_path() { return built(YUNZI_ADMIN_PATH, "yunzi-admin"); }
std::string yunzi_bot_path() { return built(YUNZI_BOT_PATH, "yunzi-bot"); }
std::string yunzi_analyzer_path() { return built(YUNZI_ANALYZER_PATH, "yunzi-analyzer"); }
std::string yunzi_gtp_path() { return built(YUNZI_GTP_PATH, "yunzi-gtp"); }
std::string ws_baseline_path() { return built(YUNZI_BASELINE_PATH, "yunzi_bench_ws_baseline"); }

std::string gnugo_path() { return "/usr/games/gnugo"; }
bool gnugo_available() { return std::filesystem::exists(gnugo_path()); }

std::string nats_server_path() { return "/usr/sbin/nats-server"; }

}  // namespace yunzi::test_support
