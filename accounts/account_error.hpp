// Account failures, spelled with the wire protocol's error codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi::accounts {

enum class AccountErrorCode { bad_request, name_taken, bad_credentials, banned, rate_limited, internal };

// The protocol token: "name_taken", "bad_credentials", ...
std::string_view to_string(AccountErrorCode code);

struct AccountError {
  AccountErrorCode code = AccountErrorCode::internal;
  std::string message;                                  // for people: why, and what to do
  std::optional<std::int64_t> until_ms = std::nullopt;  // banned: when the ban ends (none: permanently)
};

template <class T>
using AccountResult = Expected<T, AccountError>;

inline Unexpected<AccountError> account_failure(AccountErrorCode code, std::string message) {
  return unexpected(AccountError{code, std::move(message)});
}

// A name the rules refuse, with the reason after "name: ".
inline Unexpected<AccountError> bad_name(std::string reason) {
  return account_failure(AccountErrorCode::bad_request, "name: " + std::move(reason));
}

}  // namespace yunzi::accounts
