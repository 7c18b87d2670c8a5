// Making an account an admin for a test: written with the stores on the
// stopped server's file, since no request makes the first admin.
#pragma once

#include <string>

#include "tests/e2e/server/server_process.hpp"

namespace yunzi::e2e {

void make_admin(const ServerProcess& server, const std::string& name_key);

}  // namespace yunzi::e2e
