// The stable error codes of the wire contract and the error a failed decode
// yields (code, a message naming the field, and the request id when known).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::protocol {

enum class ErrorCode {
  bad_request,
  unknown_type,
  unsupported_protocol,
  unauthenticated,
  forbidden,
  name_taken,
  bad_credentials,
  banned,
  muted,
  rate_limited,
  not_found,
  not_your_turn,
  illegal_move,
  wrong_phase,
  not_rated_eligible,
  conflict,
  limit_reached,
  unavailable,
  internal,
};

// The snake_case token sent as `code`.
std::string_view to_string(ErrorCode code);
std::optional<ErrorCode> parse_error_code(std::string_view token);

struct DecodeError {
  ErrorCode code = ErrorCode::bad_request;
  std::string message;
  std::optional<std::int64_t> id;  // becomes `re` of the error reply
};

}  // namespace yunzi::protocol
