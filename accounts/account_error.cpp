#include "accounts/account_error.hpp"

namespace yunzi::accounts {

std::string_view to_string(AccountErrorCode code) {
  switch (code) {
    case AccountErrorCode::bad_request: return "bad_request";
    case AccountErrorCode::name_taken: return "name_taken";
    case AccountErrorCode::bad_credentials: return "bad_credentials";
    case AccountErrorCode::banned: return "banned";
    case AccountErrorCode::rate_limited: return "rate_limited";
    case AccountErrorCode::internal: return "internal";
  }
  return "internal";
}

}  // namespace yunzi::accounts
