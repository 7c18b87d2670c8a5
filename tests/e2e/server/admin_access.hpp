// Making an account an admin (or a bot), or giving it a rank registration
// does not offer, for a test: written with the stores on the stopped
// server's file, since no request does either.
#pragma once

#include <string>

#include "core/rank.hpp"
#include "core/role.hpp"

#include "tests/e2e/server/server_process.hpp"

namespace yunzi::e2e {

void set_role(const ServerProcess& server, const std::string& name_key, Role role);
void set_rank(const ServerProcess& server, const std::string& name_key, Rank rank);
inline void make_admin(const ServerProcess& server, const std::string& name_key) {
  set_role(server, name_key, Role::admin);
}

}  // namespace yunzi::e2e
