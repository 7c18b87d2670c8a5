#include "tools/yunzi-admin/operator_name.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace yunzi::admin {

std::string operator_name() {
  // Under sudo the person is the one who called it, not root.
  if (geteuid() == 0) {
    if (const char* sudo_user = std::getenv("SUDO_USER"); sudo_user != nullptr && *sudo_user != '\0') {
      return std::string(sudo_user) + " (local operator, sudo)";
    }
  }
  if (const passwd* entry = getpwuid(geteuid()); entry != nullptr && entry->pw_name != nullptr) {
    return std::string(entry->pw_name) + " (local operator)";
  }
  return "local operator";
}

}  // namespace yunzi::admin
