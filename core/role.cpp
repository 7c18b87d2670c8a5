#include "core/role.hpp"

namespace yunzi {

std::string_view to_string(Role role) {
  switch (role) {
    case Role::bot: return "bot";
    case Role::admin: return "admin";
    case Role::user: break;
  }
  return "user";
}

std::optional<Role> parse_role(std::string_view text) {
  for (Role role : {Role::user, Role::bot, Role::admin}) {
    if (text == to_string(role)) return role;
  }
  return std::nullopt;
}

}  // namespace yunzi
