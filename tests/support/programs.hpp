// Where the programs the tests run are: the yunzi executables built in this
// tree (their paths come from CMake), and GNU Go and nats-server as Debian
// installs them.
#pragma once

#include <string>

namespace yunzi::test_support {

// Each throws std::logic_error when this tree does not build the program.
std::string yunzi_server_path();
std::string yunzi_admin_path();
std::string yunzi_bot_path();
std::string yunzi_gtp_path();
std::string yunzi_analyzer_path();
std::string ws_baseline_path();  // bench/ws-baseline, built with YUNZI_BENCH

std::string gnugo_path();  // /usr/games/gnugo
bool gnugo_available();

std::string nats_server_path();  // /usr/sbin/nats-server

}  // namespace yunzi::test_support
