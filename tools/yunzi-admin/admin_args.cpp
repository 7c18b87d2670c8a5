#include "tools/yunzi-admin/admin_args.hpp"

#include <algorithm>
#include <charconv>

namespace yunzi::admin {
namespace {

// Options that take a value; every other "--x" is a flag.
constexpr std::string_view value_options[] = {
    "--data-dir", "--db", "--database", "--server", "--user", "--minutes", "--reason", "--limit", "--before", "--days",
    "--rank", "--after", "--games", "--status", "--to", "--role", "--search", "--page", "--note",
    // the tournament definition
    "--name", "--system", "--preset", "--groups", "--mcmahon-bar", "--mcmahon-floor", "--rounds", "--size", "--komi",
    "--rated", "--time", "--registration-minutes", "--round-gap", "--round-times", "--no-show", "--bye-points",
    "--bonus",
    // problems import
    "--themes"};
constexpr std::string_view flag_options[] = {"--password-stdin", "--help", "--create", "--dry-run"};

// Connection options every command of a group accepts.
const std::vector<std::string_view> database_options = {"--data-dir", "--db", "--database"};
const std::vector<std::string_view> live_options = {"--server", "--user", "--password-stdin"};
// The fields of a tournament that tournament-create and tournament-edit take, with `more`.
std::vector<std::string_view> tournament_fields(std::vector<std::string_view> more) {
  for (std::string_view field :
       {"--system", "--preset", "--groups", "--mcmahon-bar", "--mcmahon-floor", "--size", "--komi", "--rated", "--time",
        "--registration-minutes", "--round-gap", "--round-times", "--no-show", "--bye-points", "--bonus"}) {
    more.push_back(field);
  }
  return more;
}

bool is_value_option(std::string_view name) {
  return std::find(std::begin(value_options), std::end(value_options), name) != std::end(value_options);
}

bool is_flag_option(std::string_view name) {
  return std::find(std::begin(flag_options), std::end(flag_options), name) != std::end(flag_options);
}

bool contains(const std::vector<std::string_view>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

const std::vector<CommandSpec>& specs() {
  using G = CommandGroup;
  static const std::vector<CommandSpec> table = {
      {G::database,
       "create-admin",
       {"NAME"},
       {},
       {"--password-stdin", "--rank"},
       "make NAME an admin; with --password-stdin create the account if it does not exist"},
      {G::database,
       "create-account",
       {"NAME"},
       {"--role", "--password-stdin"},
       {"--rank"},
       "create the account NAME with role user, bot or admin (e.g. a bot's account in one step)"},
      {G::database, "set-role", {"NAME", "ROLE"}, {}, {}, "set NAME's role to user, bot or admin"},
      {G::database,
       "users",
       {},
       {},
       {"--search", "--role", "--limit", "--page"},
       "list accounts (name, rank, role, last login, status), by name, --limit (default 20) a page"},
      {G::database, "init", {}, {}, {}, "create a new database with the current schema (refuses an existing file)"},
      {G::database,
       "migrate",
       {},
       {},
       {"--create"},
       "apply pending schema migrations; --create makes the database when there is none"},
      {G::database, "backup", {"FILE"}, {}, {}, "copy the database to FILE, consistent while the server writes"},
      {G::database,
       "retire-inactive",
       {},
       {},
       {"--days", "--dry-run"},
       "close player accounts without a login for --days (default 1095) and retire their names; "
       "admins and bots are kept; --dry-run only lists them"},
      {G::live, "ban", {"NAME"}, {"--reason"}, {"--minutes"}, "ban NAME (permanently without --minutes)"},
      {G::live, "unban", {"NAME"}, {"--reason"}, {}, "lift NAME's ban"},
      {G::live, "mute", {"NAME"}, {"--minutes", "--reason"}, {}, "refuse NAME's chat for --minutes"},
      {G::live, "kick", {"NAME"}, {"--reason"}, {}, "disconnect NAME"},
      {G::live, "annul", {"GAME"}, {"--reason"}, {}, "make game GAME friendly and recompute ranks"},
      {G::live, "set-rank", {"NAME", "RANK"}, {"--reason"}, {}, "set NAME's rank (18k..9d)"},
      {G::live, "broadcast", {"TEXT"}, {}, {}, "send TEXT to everyone online as a notice"},
      {G::live, "reports", {}, {}, {"--limit"}, "list open reports"},
      {G::live, "audit", {}, {}, {"--limit", "--before"}, "list the audit log, newest first"},
      {G::live,
       "review",
       {},
       {},
       {"--limit", "--after"},
       "list players with 3 or more short rated games awaiting review, by name (--after NAME: the next page)"},
      {G::live,
       "keep-short-games",
       {"NAME"},
       {"--reason"},
       {"--games"},
       "keep NAME's short games as played (--games ID,ID,...; default: all awaiting review)"},
      {G::live,
       "recommendations",
       {},
       {},
       {"--limit", "--before", "--status"},
       "list recommendations to 6d, newest first, with warnings (--status pending|approved|rejected|revoked)"},
      {G::live, "approve-recommendation", {"NAME"}, {"--reason"}, {}, "make NAME 6d as recommended"},
      {G::live, "reject-recommendation", {"NAME"}, {"--reason"}, {}, "turn down NAME's waiting recommendation"},
      {G::live,
       "revoke-recommendation",
       {"NAME"},
       {"--to", "--reason"},
       {},
       "undo NAME's recommendation to 6d: --to former (the rank before) or --to 1d"},
      {G::live, "resolve-report", {"ID"}, {"--note"}, {}, "close report ID as acted upon, with a note"},
      {G::live, "dismiss-report", {"ID"}, {"--note"}, {}, "close report ID as unfounded, with a note"},
      {G::live,
       "retire-inactive",
       {},
       {},
       {"--days", "--dry-run"},
       "as the db command, on the running server: online accounts retired are disconnected at once"},
      {G::live, "tournaments", {}, {}, {"--limit"}, "list the tournaments, newest first"},
      {G::live,
       "tournament-create",
       {"NAME"},
       {"--rounds"},
       tournament_fields({}),
       "create a tournament (--preset promotion: the 升段赛's groups and bonus; --groups NAME:MIN-MAX,...; "
       "--bonus 3,2,1; --round-times UTC YYYY-MM-DDTHH:MM,...; --time the clock as JSON)"},
      {G::live,
       "tournament-edit",
       {"ID"},
       {},
       tournament_fields({"--name", "--rounds", "--reason"}),
       "change a tournament still in registration (the groups only while nobody is entered)"},
      {G::live, "tournament-start", {"ID"}, {}, {"--reason"}, "close registration and pair round 1"},
      {G::live,
       "tournament-end",
       {"ID"},
       {"--reason"},
       {},
       "end a tournament: unplayed in registration, a waiting round dropped, a round in play the last"},
  };
  return table;
}

std::string spec_line(const CommandSpec& spec) {
  std::string line(spec.name);
  for (auto operand : spec.operands) line += " " + std::string(operand);
  for (auto option : spec.required) line += " " + std::string(option) + (is_value_option(option) ? " X" : "");
  for (auto option : spec.optional) line += " [" + std::string(option) + (is_value_option(option) ? " X]" : "]");
  return line;
}

}  // namespace

bool ParsedArgs::has(std::string_view option) const { return flags.contains(option) || values.contains(option); }

std::optional<std::string> ParsedArgs::value(std::string_view option) const {
  auto found = values.find(option);
  if (found == values.end()) return std::nullopt;
  return found->second;
}

Expected<ParsedArgs, std::string> parse_args(std::span<const std::string> args) {
  ParsedArgs parsed;
  bool options_ended = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!options_ended && arg == "--") {
      options_ended = true;
      continue;
    }
    if (options_ended || arg.size() < 3 || !arg.starts_with("--")) {
      parsed.operands.push_back(arg);
      continue;
    }
    const auto equals = arg.find('=');
    const std::string name = arg.substr(0, equals);
    if (parsed.has(name)) return unexpected("option " + name + " given twice");
    if (is_flag_option(name)) {
      if (equals != std::string::npos) return unexpected("option " + name + " takes no value");
      parsed.flags.insert(name);
    } else if (is_value_option(name)) {
      if (equals != std::string::npos) {
        parsed.values[name] = arg.substr(equals + 1);
      } else if (i + 1 < args.size()) {
        parsed.values[name] = args[++i];
      } else {
        return unexpected("option " + name + " needs a value");
      }
    } else {
      return unexpected("unknown option " + name);
    }
  }
  return parsed;
}

std::span<const CommandSpec> command_specs() { return specs(); }

const CommandSpec* find_command(CommandGroup group, std::string_view name) {
  for (const CommandSpec& spec : specs()) {
    if (spec.group == group && spec.name == name) return &spec;
  }
  return nullptr;
}

Expected<Done, std::string> check_command_line(const CommandSpec& spec, const ParsedArgs& args,
                                               std::span<const std::string> operands) {
  const std::string command(spec.name);
  if (operands.size() != spec.operands.size()) {
    return unexpected(command + " takes " + std::to_string(spec.operands.size()) + " operand(s), got " +
                      std::to_string(operands.size()) + ": " + spec_line(spec));
  }
  const auto& group_options = spec.group == CommandGroup::database ? database_options : live_options;
  auto allowed = [&](std::string_view option) {
    return contains(group_options, option) || contains(spec.required, option) || contains(spec.optional, option);
  };
  for (const auto& [option, value] : args.values) {
    if (!allowed(option)) return unexpected(command + " does not take " + option);
  }
  for (const auto& option : args.flags) {
    if (!allowed(option)) return unexpected(command + " does not take " + option);
  }
  for (auto option : spec.required) {
    if (!args.has(option)) return unexpected(command + " needs " + std::string(option) + ": " + spec_line(spec));
  }
  return Done{};
}

Expected<std::int64_t, std::string> parse_integer(std::string_view what, std::string_view text, std::int64_t min,
                                                  std::int64_t max) {
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  const std::string range = std::to_string(min) + ".." + std::to_string(max);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return unexpected(std::string(what) + " must be a whole number " + range + ", not '" + std::string(text) + "'");
  }
  if (number < min || number > max) {
    return unexpected(std::string(what) + " must be in " + range + ", not " + std::string(text));
  }
  return number;
}

Expected<std::optional<std::int64_t>, std::string> integer_option(const ParsedArgs& args, std::string_view option,
                                                                  std::int64_t min, std::int64_t max) {
  const auto text = args.value(option);
  if (!text) return std::optional<std::int64_t>();
  auto number = parse_integer(option, *text, min, max);
  if (!number) return unexpected(number.error());
  return std::optional<std::int64_t>(*number);
}

std::string usage_text() {
  std::string text =
      "usage:\n"
      "  yunzi-admin db (--data-dir DIR | --db FILE | --database URL) COMMAND ...\n"
      "    (URL: sqlite:FILE or postgresql://..., the server's --database)\n"
      "  yunzi-admin --server HOST:PORT|URL --user NAME [--password-stdin] COMMAND ...\n"
      "    (the password comes from stdin with --password-stdin, else from YUNZI_ADMIN_PASSWORD)\n"
      "\ndatabase commands (work on the file, also while the server runs):\n";
  auto add_group = [&](CommandGroup group) {
    for (const CommandSpec& spec : specs()) {
      if (spec.group != group) continue;
      text += "  " + spec_line(spec) + "\n      " + std::string(spec.summary) + "\n";
    }
  };
  add_group(CommandGroup::database);
  text += "\nserver commands (log in as an admin and send one request):\n";
  add_group(CommandGroup::live);
  text +=
      "  problems import FILE... [--themes T,T]\n"
      "      send every problem of the SGF files (problem.import, one a problem) and print what was imported\n";
  text += "\nexit codes: 0 ok, 1 the server refused, 2 usage, 3 cannot connect or log in, 4 database error\n";
  return text;
}

}  // namespace yunzi::admin
