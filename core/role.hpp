// What an account is: a person, a bot or an administrator. Spelled
// "user"/"bot"/"admin" on the wire and in the store.
#pragma once

#include <optional>
#include <string_view>

namespace yunzi {

enum class Role { user, bot, admin };
std::string_view to_string(Role role);
std::optional<Role> parse_role(std::string_view text);

}  // namespace yunzi
