#include "protocol/errors.hpp"

#include <array>
#include <utility>

namespace yunzi::protocol {
namespace {

constexpr std::array<std::pair<ErrorCode, std::string_view>, 19> error_tokens{{
    {ErrorCode::bad_request, "bad_request"},
    {ErrorCode::unknown_type, "unknown_type"},
    {ErrorCode::unsupported_protocol, "unsupported_protocol"},
    {ErrorCode::unauthenticated, "unauthenticated"},
    {ErrorCode::forbidden, "forbidden"},
    {ErrorCode::name_taken, "name_taken"},
    {ErrorCode::bad_credentials, "bad_credentials"},
    {ErrorCode::banned, "banned"},
    {ErrorCode::muted, "muted"},
    {ErrorCode::rate_limited, "rate_limited"},
    {ErrorCode::not_found, "not_found"},
    {ErrorCode::not_your_turn, "not_your_turn"},
    {ErrorCode::illegal_move, "illegal_move"},
    {ErrorCode::wrong_phase, "wrong_phase"},
    {ErrorCode::not_rated_eligible, "not_rated_eligible"},
    {ErrorCode::conflict, "conflict"},
    {ErrorCode::limit_reached, "limit_reached"},
    {ErrorCode::unavailable, "unavailable"},
    {ErrorCode::internal, "internal"},
}};

}  // namespace

std::string_view to_string(ErrorCode code) {
  for (const auto& [value, token] : error_tokens) {
    if (value == code) return token;
  }
  return "internal";
}

std::optional<ErrorCode> parse_error_code(std::string_view token) {
  for (const auto& [value, name] : error_tokens) {
    if (name == token) return value;
  }
  return std::nullopt;
}

}  // namespace yunzi::protocol
