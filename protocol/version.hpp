// The protocol version this build speaks and the name it gives in `hello`.
#pragma once

#include <string_view>

namespace yunzi::protocol {

inline constexpr int protocol_version = 1;
inline constexpr std::string_view server_name = "yunzi";
inline constexpr std::string_view server_version = "0.1.0";

}  // namespace yunzi::protocol
