// The lobby's error replies, through the caller's Responder.
#pragma once

#include <string>
#include <string_view>

#include "protocol/replies.hpp"
#include "server/lobby/lobby.hpp"

namespace yunzi::lobby {

inline void reply_error(const LobbyCaller& caller, protocol::ErrorCode code, std::string_view message) {
  caller.respond.fail(code, message);
}

inline void reply_limit(const LobbyCaller& caller, const std::string& message) {
  reply_error(caller, protocol::ErrorCode::limit_reached, message);
}

}  // namespace yunzi::lobby
