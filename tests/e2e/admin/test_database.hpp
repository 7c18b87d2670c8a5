// Small helpers over a real database file for the admin tests: open it the
// server's way, add accounts directly through the stores, read rows back.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "db/sqlite.hpp"

namespace yunzi::admin_tests {

db::Connection open_test_database(const std::string& path);

// An account whose name key is the name in lower case (names in the tests
// are ASCII).
db::UserRecord add_account(db::Connection& connection, const std::string& name, Role role = Role::user,
                           TimeMs created_ms = 1'700'000'000'000, std::optional<TimeMs> last_login_ms = {});

std::optional<db::UserRecord> find_account(db::Connection& connection, const std::string& name);

// The whole audit log, newest first.
std::vector<db::AuditEntry> audit_rows(db::Connection& connection);

}  // namespace yunzi::admin_tests
