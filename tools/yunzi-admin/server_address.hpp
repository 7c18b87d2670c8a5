// Where a server command connects: --server as HOST:PORT ("[::1]:8080"), or
// as the address an operator has at hand, the web page's URL or the
// WebSocket's (http://, ws://; https:// and wss:// are recognised but need
// TLS, which this tool does not speak).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi::admin {

struct ServerAddress {
  std::string host;
  std::uint16_t port = 0;
  std::string path = "/ws";  // the WebSocket's path on the server
};

// http://H[:P][/PREFIX] connects to /PREFIX/ws (the page's socket); ws://H[:P][/PATH]
// to PATH (default /ws); the port defaults to 80.
Expected<ServerAddress, std::string> parse_server_address(std::string_view text);

}  // namespace yunzi::admin
