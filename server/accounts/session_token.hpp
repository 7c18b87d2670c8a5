// Session tokens: 32 random bytes, handed to the client as URL-safe base64
// (43 characters, no padding). The database keeps only their SHA-256, so a
// copy of the file does not let anyone log in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::accounts {

struct SessionToken {
  std::string text;                // for the client
  std::vector<std::uint8_t> hash;  // for the database
};

SessionToken new_session_token();

// The hash of a token as the client sent it; nullopt when it cannot be one
// of ours (wrong length, not URL-safe base64).
std::optional<std::vector<std::uint8_t>> token_hash(std::string_view text);

}  // namespace yunzi::accounts
