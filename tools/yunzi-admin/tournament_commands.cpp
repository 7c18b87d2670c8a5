#include "tools/yunzi-admin/tournament_commands.hpp"

#include <cstdio>
#include <ctime>

#include "tools/yunzi-admin/text_table.hpp"

namespace yunzi::admin {
namespace {

using Json = nlohmann::json;

constexpr std::int64_t max_id = (std::int64_t{1} << 53) - 1;

// Splits "a,b,c" (empty parts kept, so "3,,1" is refused by the part's check).
std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

// "kyu:10k-1k,dan:1d-9d"; the ranks are checked by the server.
Expected<Json, std::string> groups_of(const std::string& text) {
  Json groups = Json::array();
  for (const std::string& part : split(text, ',')) {
    const std::size_t colon = part.find(':');
    const std::size_t dash = part.find('-', colon == std::string::npos ? 0 : colon);
    if (colon == std::string::npos || colon == 0 || dash == std::string::npos) {
      return unexpected("--groups takes NAME:MIN-MAX,... (e.g. kyu:10k-1k,dan:1d-9d), not '" + part + "'");
    }
    groups.push_back({{"name", part.substr(0, colon)},
                      {"min_rank", part.substr(colon + 1, dash - colon - 1)},
                      {"max_rank", part.substr(dash + 1)}});
  }
  return groups;
}

Expected<Json, std::string> bonus_of(const std::string& text) {
  Json points = Json::array();
  for (const std::string& part : split(text, ',')) {
    auto value = parse_integer("each point in --bonus", part, 0, 1000);
    if (!value) return unexpected(value.error());
    points.push_back(*value);
  }
  return points;
}

// "2026-12-05T10:00" in UTC as Unix milliseconds.
Expected<std::int64_t, std::string> utc_ms(const std::string& text) {
  std::tm tm{};
  char rest = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &rest) != 5 ||
      tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59) {
    return unexpected("--round-times takes UTC times YYYY-MM-DDTHH:MM separated by commas, not '" + text + "'");
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return std::int64_t{timegm(&tm)} * 1000;
}

Expected<Json, std::string> round_times_of(const std::string& text) {
  Json times = Json::array();
  for (const std::string& part : split(text, ',')) {
    auto ms = utc_ms(part);
    if (!ms) return unexpected(ms.error());
    times.push_back(*ms);
  }
  return times;
}

// The creation's fields given as options, added to `request`; `settings` only when one of its parts is given.
Expected<Done, std::string> add_definition(const ParsedArgs& args, Json& request) {
  struct Whole {
    std::string_view option;
    const char* key;
    std::int64_t min, max;
  };
  static constexpr Whole wholes[] = {{"--rounds", "rounds", 1, 64},
                                     {"--registration-minutes", "registration_minutes", 0, 527'040},
                                     {"--round-gap", "round_gap_s", 0, 604'800},
                                     {"--no-show", "no_show_s", 1, 86'400}};
  for (const Whole& w : wholes) {
    auto value = integer_option(args, w.option, w.min, w.max);
    if (!value) return unexpected(value.error());
    if (*value) request[w.key] = **value;
  }
  for (auto [option, key] : {std::pair{"--name", "name"},
                             {"--system", "system"},
                             {"--preset", "preset"},
                             {"--mcmahon-bar", "mcmahon_bar"},
                             {"--mcmahon-floor", "mcmahon_floor"}}) {
    if (auto text = args.value(option)) request[key] = *text;
  }
  if (auto text = args.value("--bye-points")) {
    if (*text != "0" && *text != "0.5" && *text != "1")
      return unexpected(std::string("--bye-points must be 0, 0.5 or 1"));
    request["bye_points"] = std::stod(*text);
  }
  if (auto text = args.value("--groups")) {
    auto groups = groups_of(*text);
    if (!groups) return unexpected(groups.error());
    request["groups"] = *groups;
  }
  if (auto text = args.value("--bonus")) {
    auto bonus = bonus_of(*text);
    if (!bonus) return unexpected(bonus.error());
    request["bonus"] = *bonus;
  }
  if (auto text = args.value("--round-times")) {
    auto times = round_times_of(*text);
    if (!times) return unexpected(times.error());
    request["round_start"] = "fixed";
    request["round_times_ms"] = *times;
  }
  Json settings = Json::object();
  if (auto size = integer_option(args, "--size", 2, 25); !size) {
    return unexpected(size.error());
  } else if (*size) {
    settings["size"] = **size;
  }
  if (auto komi = args.value("--komi")) {
    char* end = nullptr;
    const double value = std::strtod(komi->c_str(), &end);
    if (komi->empty() || end != komi->c_str() + komi->size())
      return unexpected(std::string("--komi must be a number like 7.5"));
    settings["komi"] = value;
  }
  if (auto rated = args.value("--rated")) {
    if (*rated != "yes" && *rated != "no") return unexpected(std::string("--rated must be yes or no"));
    settings["rated"] = *rated == "yes";
  }
  if (auto time = args.value("--time")) {
    const Json clock = Json::parse(*time, nullptr, false);
    if (!clock.is_object()) {
      return unexpected(std::string(R"(--time takes the clock as JSON, e.g. {"system":"byoyomi","main_s":1200,)"
                                    R"("periods":3,"period_s":30})"));
    }
    settings["time"] = clock;
  }
  if (!settings.empty()) request["settings"] = settings;
  return Done{};
}

std::string describe_list(const Json& reply) {
  const Json& list = reply.value("tournaments", Json::array());
  if (!list.is_array() || list.empty()) return "(no tournaments)\n";
  std::vector<TableRow> rows;
  for (const Json& t : list) {
    rows.push_back({text_of(t, "id"), one_line(text_of(t, "name")), text_of(t, "system"), text_of(t, "status"),
                    text_of(t, "round") + "/" + text_of(t, "rounds"), text_of(t, "entrants"),
                    time_of(t, "registration_closes_ms")});
  }
  return render_table({"id", "name", "system", "status", "round", "entrants", "registration closes"}, rows);
}

}  // namespace

bool is_tournament_command(const CommandSpec& spec) { return spec.name.starts_with("tournament"); }

Expected<Json, std::string> build_tournament_request(const CommandSpec& spec, const ParsedArgs& args,
                                                     std::span<const std::string> operands) {
  if (spec.name == "tournaments") {
    Json request = {{"type", "tournament.list"}};
    auto limit = integer_option(args, "--limit", 1, 100);
    if (!limit) return unexpected(limit.error());
    if (*limit) request["limit"] = **limit;
    return request;
  }
  const std::string verb(spec.name.substr(std::string_view("tournament-").size()));
  Json request = {{"type", "admin.tournament." + verb}};
  if (verb == "create") {
    request["name"] = operands[0];
  } else {
    auto id = parse_integer("ID", operands[0], 1, max_id);
    if (!id) return unexpected(id.error());
    request["tournament"] = *id;
  }
  if (auto reason = args.value("--reason")) {
    if (reason->empty()) return unexpected(std::string("--reason must not be empty"));
    request["reason"] = *reason;
  }
  if (verb != "create" && verb != "edit") return request;
  Json definition = Json::object();
  if (auto added = add_definition(args, definition); !added) return unexpected(added.error());
  if (verb == "edit" && definition.empty()) {
    return unexpected(std::string("tournament-edit needs at least one setting to change (--name, --rounds, ...)"));
  }
  request.update(definition);
  return request;
}

std::string describe_tournament_reply(const Json& request, const Json& reply) {
  const std::string type = request.value("type", "");
  if (type == "tournament.list") return describe_list(reply);
  if (type == "admin.tournament.create") {
    return "created tournament " + text_of(reply, "tournament") + " \"" + one_line(request.value("name", "")) + "\"\n";
  }
  const std::string id = text_of(request, "tournament");
  if (type == "admin.tournament.edit") {
    std::string fields;
    for (const auto& [key, value] : request.items()) {
      if (key != "type" && key != "tournament" && key != "reason") fields += (fields.empty() ? "" : ", ") + key;
    }
    return "edited tournament " + id + ": " + fields + "\n";
  }
  if (type == "admin.tournament.start") return "started tournament " + id + ": registration is closed\n";
  if (type == "admin.tournament.end") return "ended tournament " + id + "\n";
  return {};
}

}  // namespace yunzi::admin
