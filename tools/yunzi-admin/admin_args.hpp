// The command line of yunzi-admin split into operands and options, and the
// table of commands (their operands and the options each accepts) that both
// the checks and the usage text come from.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::admin {

struct ParsedArgs {
  std::vector<std::string> operands;
  std::map<std::string, std::string, std::less<>> values;  // "--reason" -> "spam"
  std::set<std::string, std::less<>> flags;                // "--password-stdin"

  bool has(std::string_view option) const;
  std::optional<std::string> value(std::string_view option) const;
};

// Options may stand anywhere, as "--name value" or "--name=value"; "--" ends
// them, so a broadcast text may start with a dash. Errors are usage messages.
Expected<ParsedArgs, std::string> parse_args(std::span<const std::string> args);

enum class CommandGroup { database, live };

struct CommandSpec {
  CommandGroup group;
  std::string_view name;
  std::vector<std::string_view> operands;  // shown in the usage, all required
  std::vector<std::string_view> required;  // options that must be given
  std::vector<std::string_view> optional;  // options that may be given
  std::string_view summary;
};

std::span<const CommandSpec> command_specs();
const CommandSpec* find_command(CommandGroup group, std::string_view name);

// Checks the operand count and that every option given belongs to the
// command (or to its group's connection options) and every required one is
// there. `operands` excludes the command name (and "db").
Expected<Done, std::string> check_command_line(const CommandSpec& spec, const ParsedArgs& args,
                                               std::span<const std::string> operands);

// An integer option within [min, max]; nullopt when absent.
Expected<std::optional<std::int64_t>, std::string> integer_option(const ParsedArgs& args, std::string_view option,
                                                                  std::int64_t min, std::int64_t max);
Expected<std::int64_t, std::string> parse_integer(std::string_view what, std::string_view text, std::int64_t min,
                                                  std::int64_t max);

std::string usage_text();

}  // namespace yunzi::admin
