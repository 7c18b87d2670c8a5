#include "tools/yunzi-admin/server_address.hpp"

#include <optional>
#include <tuple>

#include "tools/yunzi-admin/admin_args.hpp"

namespace yunzi::admin {
namespace {

enum class Scheme { none, http, ws };

// Splits "HOST[:PORT]" (HOST may be a bracketed IPv6 literal).
Expected<ServerAddress, std::string> host_and_port(std::string_view text, std::optional<std::uint16_t> default_port,
                                                   std::string_view whole) {
  ServerAddress address;
  std::string_view port_text;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return unexpected("--server: unclosed '[' in '" + std::string(whole) + "'");
    address.host = std::string(text.substr(1, close - 1));
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':'))
      return unexpected("--server: bad address '" + std::string(whole) + "'");
    if (!rest.empty()) port_text = rest.substr(1);
  } else {
    const auto colon = text.rfind(':');
    address.host = std::string(text.substr(0, colon));
    if (colon != std::string_view::npos) port_text = text.substr(colon + 1);
  }
  if (address.host.empty()) return unexpected("--server: no host in '" + std::string(whole) + "'");
  if (port_text.empty()) {
    if (!default_port) {
      return unexpected("--server must be HOST:PORT or an http:// or ws:// URL, not '" + std::string(whole) + "'");
    }
    address.port = *default_port;
    return address;
  }
  auto port = parse_integer("the port in --server", port_text, 1, 65535);
  if (!port) return unexpected(port.error());
  address.port = static_cast<std::uint16_t>(*port);
  return address;
}

}  // namespace

Expected<ServerAddress, std::string> parse_server_address(std::string_view text) {
  Scheme scheme = Scheme::none;
  std::string_view rest = text;
  for (const auto& [prefix, kind, secure] :
       {std::tuple{"http://", Scheme::http, false}, std::tuple{"ws://", Scheme::ws, false},
        std::tuple{"https://", Scheme::http, true}, std::tuple{"wss://", Scheme::ws, true}}) {
    if (!text.starts_with(prefix)) continue;
    if (secure) {
      return unexpected("--server " + std::string(text) +
                        ": yunzi-admin does not speak TLS; give the server's own port on the machine it runs on "
                        "(e.g. --server 127.0.0.1:8080, or through an SSH tunnel)");
    }
    scheme = kind;
    rest = text.substr(std::string_view(prefix).size());
  }
  const auto slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  const std::string path = slash == std::string_view::npos ? "" : std::string(rest.substr(slash));
  if (scheme == Scheme::none && !path.empty()) {
    return unexpected("--server must be HOST:PORT or an http:// or ws:// URL, not '" + std::string(text) + "'");
  }
  auto address =
      host_and_port(authority, scheme == Scheme::none ? std::nullopt : std::optional<std::uint16_t>(80), text);
  if (!address) return address;
  if (scheme == Scheme::ws && !path.empty() && path != "/") address->path = path;
  if (scheme == Scheme::http && !path.empty() && path != "/") {
    address->path = path + (path.ends_with('/') ? "ws" : "/ws");
  }
  return address;
}

}  // namespace yunzi::admin
