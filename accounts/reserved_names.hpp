// Names that would pass for the server's own staff, refused at sign-up:
// admin, administrator, root, system, moderator, support, staff, official,
// yunzi, 云子/雲子, 管理员/管理員, 系统/系統, 客服, 官方, and every name whose
// skeleton (name_skeleton.hpp) equals one of theirs once '_' and '-' are
// left out ("Ad_min", "ＳＹＳＴＥＭ", "аdmin" with a Cyrillic а). Accounts
// made by the operator with yunzi-admin may still take them.
#pragma once

#include <string_view>

namespace yunzi::accounts {

bool is_reserved_name(std::string_view skeleton);

}  // namespace yunzi::accounts
