// yunzi-admin: the administrators' command-line tool (see tools/ADMIN.md).
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "tools/yunzi-admin/admin_main.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::optional<std::string> env_password;
  if (const char* password = std::getenv("YUNZI_ADMIN_PASSWORD")) env_password = password;
  yunzi::admin::AdminIo io{std::cin, std::cout, std::cerr, env_password};
  return yunzi::admin::run_admin(args, io);
}
