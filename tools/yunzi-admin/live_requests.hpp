// The server commands of yunzi-admin as admin.* requests: each command line
// becomes one request object (checked here first, so a typo never reaches
// the server), and each reply becomes readable text.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "core/expected.hpp"
#include "tools/yunzi-admin/admin_args.hpp"

namespace yunzi::admin {

// The request for `spec` (a live command) without an id; a usage message
// when an operand or option is out of range.
Expected<nlohmann::json, std::string> build_request(const CommandSpec& spec, const ParsedArgs& args,
                                                    std::span<const std::string> operands);

// The text to print for an ok reply to `request`: a sentence for actions,
// a table for lists.
std::string describe_ok_reply(const nlohmann::json& request, const nlohmann::json& reply);

}  // namespace yunzi::admin
