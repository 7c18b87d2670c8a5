// The tournament commands of yunzi-admin: `tournaments` lists them,
// `tournament-create NAME`, `tournament-edit ID`, `tournament-start ID` and
// `tournament-end ID` become the admin.tournament.* requests. The options
// spell the creation's fields for a shell: groups as "NAME:MIN-MAX,...",
// bonus points as "3,2,1", fixed round times as UTC "YYYY-MM-DDTHH:MM,...",
// the clock as the protocol's JSON object.
#pragma once

#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "core/expected.hpp"
#include "tools/yunzi-admin/admin_args.hpp"

namespace yunzi::admin {

bool is_tournament_command(const CommandSpec& spec);

// The request for a tournament command (its type, operand and options).
Expected<nlohmann::json, std::string> build_tournament_request(const CommandSpec& spec, const ParsedArgs& args,
                                                               std::span<const std::string> operands);

// The text for an ok reply to a tournament request; empty for other requests.
std::string describe_tournament_reply(const nlohmann::json& request, const nlohmann::json& reply);

}  // namespace yunzi::admin
