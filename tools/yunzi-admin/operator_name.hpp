// Who runs a database command, for the audit log: such a change is made at
// the machine, not by an account, so the entry names the operating-system
// user ("root (local operator)"), or "local operator" when the system does
// not say.
#pragma once

#include <string>

namespace yunzi::admin {

std::string operator_name();

}  // namespace yunzi::admin
