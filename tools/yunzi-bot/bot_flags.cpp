#include "tools/yunzi-bot/bot_flags.hpp"

#include <fstream>
#include <optional>
#include <set>
#include <sstream>

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

const std::set<std::string> bool_keys = {"register",       "engine_clock", "accept_rated",
                                         "accept_unrated", "accept_seeks", "accept_undo"};
const std::set<std::string> int_keys = {"port",         "level",      "max_genmove_s",        "safety_margin_ms",
                                        "min_main_s",   "max_main_s", "min_seconds_per_move", "min_handicap",
                                        "max_handicap", "max_games",  "reconnect_max_ms",     "weaken"};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

std::optional<bool> parse_bool(const std::string& text) {
  if (text == "true" || text == "yes" || text == "on" || text == "1") return true;
  if (text == "false" || text == "no" || text == "off" || text == "0") return false;
  return std::nullopt;
}

Expected<Json, std::string> parse_integer(const std::string& flag, const std::string& text) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) return unexpected(flag + ": '" + text + "' is not an integer");
  return Json(value);
}

// The JSON value a flag's text stands for, typed like its key.
Expected<Json, std::string> flag_value(const std::string& key, const std::string& flag, const std::string& text) {
  if (int_keys.count(key)) return parse_integer(flag, text);
  if (bool_keys.count(key)) {
    const auto value = parse_bool(text);
    if (!value) return unexpected(flag + ": '" + text + "' is not a boolean");
    return Json(*value);
  }
  if (key == "engine") return Json(split(text, ' '));
  if (key == "clock_systems") return Json(split(text, ','));
  if (key == "sizes") {
    Json sizes = Json::array();
    for (const auto& part : split(text, ',')) {
      auto size = parse_integer(flag, part);
      if (!size) return size;
      sizes.push_back(*size);
    }
    return sizes;
  }
  return Json(text);
}

Expected<Json, std::string> read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return unexpected("cannot read the configuration file " + path);
  std::stringstream text;
  text << in.rdbuf();
  Json json = Json::parse(text.str(), nullptr, false);
  if (json.is_discarded()) return unexpected("the configuration file " + path + " is not valid JSON");
  return json;
}

}  // namespace

Expected<CommandLine, std::string> parse_command_line(const std::vector<std::string>& args,
                                                      const PasswordSources& passwords) {
  CommandLine result;
  bool password_from_stdin = false;
  // Flags as (key, text) in order; the file comes first whatever its place.
  struct Flag {
    std::string key;   // the setting, with underscores
    std::string name;  // as typed, with dashes
    std::optional<std::string> text;
  };
  std::vector<Flag> flags;
  std::optional<std::string> config_file;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      result.help = true;
      return result;
    }
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) return unexpected("unexpected argument '" + arg + "'");
    std::string name = arg.substr(2);
    std::optional<std::string> value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    std::string key = name;
    for (char& ch : key) {
      if (ch == '-') ch = '_';
    }
    const bool takes_no_value =
        (key == "password_stdin" && !value) ||
        (bool_keys.count(key) && !value && (i + 1 >= args.size() || !parse_bool(args[i + 1]).has_value()));
    if (!value && !takes_no_value) {
      if (i + 1 >= args.size()) return unexpected("--" + name + " needs a value");
      value = args[++i];
    }
    if (key == "config") {
      config_file = value;
      continue;
    }
    if (key == "password_stdin") {
      if (value && value != "true") return unexpected(std::string("--password-stdin takes no value"));
      password_from_stdin = true;
      continue;
    }
    flags.push_back(Flag{key, name, value});
  }

  if (config_file) {
    auto json = read_json_file(*config_file);
    if (!json) return unexpected(json.error());
    if (auto ok = apply_json(result.config, *json); !ok) return unexpected(*config_file + ": " + ok.error());
  }
  for (const auto& [key, name, text] : flags) {
    const std::string flag = "--" + name;
    if (key == "seek") {
      Json settings = Json::parse(*text, nullptr, false);
      if (!settings.is_object()) return unexpected(flag + ": expected a JSON settings object");
      result.config.seeks.push_back(std::move(settings));
      continue;
    }
    Json value(true);
    if (text) {
      auto parsed = flag_value(key, flag, *text);
      if (!parsed) return unexpected(parsed.error());
      value = std::move(*parsed);
    }
    if (auto ok = apply_json(result.config, Json{{key, value}}); !ok) {
      // "'key': why" becomes "--flag: why".
      const auto why = ok.error().find("': ");
      return unexpected(flag + ": " + (why == std::string::npos ? ok.error() : ok.error().substr(why + 3)));
    }
  }
  if (password_from_stdin) {
    if (!result.config.password.empty())
      return unexpected(std::string("give --password or --password-stdin, not both"));
    auto line = passwords.standard_input ? passwords.standard_input() : std::nullopt;
    if (!line || line->empty()) return unexpected(std::string("--password-stdin: no password on standard input"));
    result.config.password = *line;
  } else if (result.config.password.empty() && passwords.environment) {
    result.config.password = *passwords.environment;
  }
  if (auto ok = validate(result.config); !ok) return unexpected(ok.error());
  return result;
}

std::string help_text(const std::string& program) {
  return "Usage: " + program + R"( --name NAME [--password PASSWORD | --password-stdin] [options]

Plays on a yunzi server as the account NAME, with a GTP engine (GNU Go by
default), one engine process per game.

  --config FILE             JSON object with the keys below (flags override it)
  --host HOST               server address (127.0.0.1)
  --port PORT               server port (8080)
  --path PATH               WebSocket path (/ws)
  --name NAME               account name
  --password PASSWORD       account password (seen by `ps`: prefer one of the next two)
  --password-stdin          read the password from the first line of standard input
                            (without either: the environment variable YUNZI_BOT_PASSWORD)
  --register                register the account when it does not exist
  --rank RANK               rank to register with (10k)
  --engine "CMD ARGS"       engine command line (default: /usr/games/gnugo
                            --mode gtp --chinese-rules --level LEVEL)
  --level N                 GNU Go level for the default command (8)
  --engine-clock [BOOL]     tell the engine the clock (true); GNU Go then
                            sets its own effort from the time left
  --weaken PERCENT          moves played at random near the stones (0):
                            one engine for the weaker ranks
  --strength TEXT           the strength as listed to players (from level and weaken)
  --max-genmove-s S         longest wait for one engine move (60)
  --safety-margin-ms MS     time kept aside from the clock per move (1500)
  --sizes 9,13,19           board sizes accepted
  --clock-systems LIST      byoyomi,fischer,canadian,absolute,none
  --min-main-s S, --max-main-s S      main time range accepted (0, 36000)
  --min-seconds-per-move S  least time per move accepted (3)
  --accept-rated [BOOL]     accept rated games (false)
  --accept-unrated [BOOL]   accept friendly games (true)
  --min-handicap N, --max-handicap N  handicap range accepted (0, 9)
  --max-games N             simultaneous games (2)
  --accept-seeks [BOOL]     accept matching seeks from the lobby (false)
  --accept-undo [BOOL]      accept undo requests in friendly games (true)
  --seek JSON               a seek to post while below max-games (repeatable)
  --greeting TEXT           chat line at the start of each game
  --log-level LEVEL         trace, debug, info, warn, error (info)
  --reconnect-max-ms MS     longest wait between reconnection attempts (5000)
)";
}

}  // namespace yunzi::bot
