// A users row as the stores read it: the columns in order and the record
// they make, for every store that returns users.
#pragma once

#include <string>
#include <string_view>

#include "db/connection.hpp"
#include "db/records.hpp"

namespace yunzi::db {

DbResult<UserRecord> read_user(const Row& row);
// "SELECT <the user columns> FROM users WHERE <where>".
std::string select_users(std::string_view where);

}  // namespace yunzi::db
