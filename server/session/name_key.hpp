// The key a user name given in a request is looked up by: the accounts'
// uniqueness key when the name is well formed, else the plain folding (so
// a malformed name simply finds nobody).
#pragma once

#include <string>

#include "accounts/registration_rules.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::session {

inline std::string name_key(const std::string& name) {
  auto checked = accounts::check_name(name);
  return checked ? checked->key : fold_name(name);
}

}  // namespace yunzi::session
