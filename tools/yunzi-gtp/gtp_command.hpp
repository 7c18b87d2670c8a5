// The engine's side of the GTP 2 wire format: turning one input line into a
// command (after the spec's preprocessing: control characters dropped,
// comments cut, tabs made spaces, blank lines skipped) and a result into a
// response ("=id text" or "?id text" followed by an empty line).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::gtp {

struct GtpCommand {
  std::optional<long> id;
  std::string name;
  std::vector<std::string> args;
};

// nullopt for a line that holds no command (empty, blank or comment only).
std::optional<GtpCommand> parse_gtp_command(std::string_view line);

// The full response text for a command, terminating empty line included.
// Empty lines inside `text` would end the response early, so they are dropped.
std::string format_gtp_response(const std::optional<long>& id, bool success, std::string_view text);

}  // namespace yunzi::gtp
