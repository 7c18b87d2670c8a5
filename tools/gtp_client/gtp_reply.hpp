// The controller's side of the GTP response format: one response is a line
// starting with '=' (success) or '?' (failure), an optional numeric id, the
// text (possibly several lines), and an empty line that ends it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yunzi::gtp {

struct GtpReply {
  bool success = false;
  std::optional<long> id;
  std::string text;  // without the status character, the id and the final blank line
};

// Parses one response as read up to (not including) its terminating empty
// line, carriage returns already removed. nullopt when it does not start with
// '=' or '?'.
std::optional<GtpReply> parse_gtp_reply(std::string_view raw);

}  // namespace yunzi::gtp
