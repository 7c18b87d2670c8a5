#include "tools/yunzi-admin/live_requests.hpp"

#include <algorithm>
#include <cctype>

#include "core/rank.hpp"
#include "tools/yunzi-admin/admin_io.hpp"
#include "tools/yunzi-admin/rank_replies.hpp"
#include "tools/yunzi-admin/text_table.hpp"
#include "tools/yunzi-admin/tournament_commands.hpp"

namespace yunzi::admin {
namespace {

using Json = nlohmann::json;

// The protocol's limits (protocol/README.md).
constexpr std::int64_t max_minutes = 5'270'400;  // ten years
constexpr std::int64_t max_id = (std::int64_t{1} << 53) - 1;
constexpr std::int64_t max_limit = 100;
constexpr std::size_t max_kept = 100;  // game ids in one admin.keep_short_games
constexpr std::int64_t max_days = 36'500;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Adds the optional integer options the command accepts to the request.
Expected<Done, std::string> add_integer_options(const CommandSpec& spec, const ParsedArgs& args, Json& request) {
  struct Field {
    std::string_view option;
    const char* key;
    std::int64_t max;
  };
  static constexpr Field fields[] = {{"--minutes", "minutes", max_minutes},
                                     {"--limit", "limit", max_limit},
                                     {"--before", "before", max_id},
                                     {"--days", "days", max_days}};
  for (const Field& field : fields) {
    const bool accepted = std::find(spec.required.begin(), spec.required.end(), field.option) != spec.required.end() ||
                          std::find(spec.optional.begin(), spec.optional.end(), field.option) != spec.optional.end();
    if (!accepted) continue;
    auto value = integer_option(args, field.option, 1, field.max);
    if (!value) return unexpected(value.error());
    if (*value) request[field.key] = **value;
  }
  return Done{};
}

std::string list_or_none(const Json& list, const TableRow& headers, std::vector<TableRow> rows,
                         const std::string& none) {
  if (!list.is_array() || list.empty()) return none + "\n";
  return render_table(headers, rows);
}

std::string describe_reports(const Json& reply) {
  const Json& reports = reply.value("reports", Json::array());
  std::vector<TableRow> rows;
  for (const Json& r : reports) {
    rows.push_back({text_of(r, "id"), time_of(r, "created_at"), text_of(r, "reporter"), text_of(r, "user"),
                    text_of(r, "game"), one_line(text_of(r, "reason"))});
  }
  return list_or_none(reports, {"id", "created", "reporter", "user", "game", "reason"}, rows, "(no open reports)");
}

std::string describe_audit(const Json& request, const Json& reply) {
  const Json& entries = reply.value("entries", Json::array());
  std::vector<TableRow> rows;
  for (const Json& e : entries) {
    rows.push_back({text_of(e, "id"), time_of(e, "at"), text_of(e, "admin"), text_of(e, "action"), text_of(e, "target"),
                    one_line(text_of(e, "reason")), one_line(text_of(e, "detail"))});
  }
  std::string text =
      list_or_none(entries, {"id", "at", "admin", "action", "target", "reason", "detail"}, rows, "(no audit entries)");
  const std::size_t page = request.value("limit", 20);
  if (entries.is_array() && entries.size() >= page && !entries.empty()) {
    text += "older entries: audit --before " + text_of(entries.back(), "id") + "\n";
  }
  return text;
}

std::string minutes_text(const Json& minutes) { return minutes.dump() + (minutes == 1 ? " minute" : " minutes"); }

std::string describe_retirement(const Json& reply) {
  const Json& users = reply.value("users", Json::array());
  const bool dry_run = reply.value("dry_run", false);
  std::string text = (dry_run ? "would retire " : "retired ") + std::to_string(users.size()) +
                     (users.size() == 1 ? " account" : " accounts") + (dry_run ? " (dry run: nothing changed)" : "") +
                     "\n";
  for (const Json& name : users) text += "  " + (name.is_string() ? name.get<std::string>() : name.dump()) + "\n";
  return text;
}

std::string describe_action(const Json& request) {
  const std::string type = request.value("type", "");
  const std::string user = request.value("user", "");
  const std::string reason =
      request.contains("reason") ? " (reason: " + one_line(request.value("reason", "")) + ")" : "";
  if (type == "admin.ban") {
    const std::string length = request.contains("minutes") ? "for " + minutes_text(request["minutes"]) : "permanently";
    return "banned " + user + " " + length + reason;
  }
  if (type == "admin.unban") return "unbanned " + user + reason;
  if (type == "admin.mute") return "muted " + user + " for " + minutes_text(request["minutes"]) + reason;
  if (type == "admin.resolve_report") {
    return "report " + request["report"].dump() + " " + request.value("outcome", "") +
           " (note: " + one_line(request.value("note", "")) + ")";
  }
  if (type == "admin.kick") return "kicked " + user + reason;
  if (type == "admin.annul") return "annulled game " + request["game"].dump() + reason;
  if (type == "admin.set_rank") return "set " + user + "'s rank to " + request.value("rank", "") + reason;
  if (type == "admin.broadcast") return "notice sent to everyone online";
  if (type == "admin.approve_recommendation") return "approved " + user + "'s recommendation to 6d" + reason;
  if (type == "admin.reject_recommendation") return "rejected " + user + "'s recommendation to 6d" + reason;
  if (type == "admin.revoke_recommendation") {
    const std::string to = request.value("to", "") == "1d" ? "to 1d" : "to the former rank";
    return "revoked " + user + "'s recommendation, back " + to + reason;
  }
  return "ok";
}

std::string describe_kept(const Json& request, const Json& reply) {
  const Json games = reply.value("games", Json::array());
  std::string ids;
  for (const Json& id : games) ids += " " + id.dump();
  const std::string reason = " (reason: " + one_line(request.value("reason", "")) + ")";
  return "kept " + std::to_string(games.size()) + " short game(s) of " + request.value("user", "") +
         " as played:" + ids + reason;
}

// Comma-separated game ids, each 1..max_id, at most max_kept of them.
Expected<Json, std::string> game_list(const std::string& text) {
  Json ids = Json::array();
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    auto id = parse_integer("each id in --games", std::string_view(text).substr(start, comma - start), 1, max_id);
    if (!id) return unexpected(id.error());
    ids.push_back(*id);
    start = comma + 1;
  }
  if (ids.size() > max_kept) return unexpected("--games takes at most " + std::to_string(max_kept) + " ids");
  return ids;
}

// The text options of the rank tools, checked against the protocol's choices.
Expected<Done, std::string> add_rank_options(const ParsedArgs& args, Json& request) {
  if (auto after = args.value("--after")) {
    if (after->empty()) return unexpected(std::string("--after must name a player"));
    request["after"] = *after;
  }
  if (auto games = args.value("--games")) {
    auto ids = game_list(*games);
    if (!ids) return unexpected(ids.error());
    request["games"] = *ids;
  }
  if (auto status = args.value("--status")) {
    const std::string word = lower(*status);
    if (word != "pending" && word != "approved" && word != "rejected" && word != "revoked") {
      return unexpected("--status must be pending, approved, rejected or revoked, not '" + *status + "'");
    }
    request["status"] = word;
  }
  if (auto to = args.value("--to")) {
    const std::string word = lower(*to);
    if (word != "former" && word != "1d") return unexpected("--to must be former or 1d, not '" + *to + "'");
    request["to"] = word;
  }
  return Done{};
}

}  // namespace

Expected<Json, std::string> build_request(const CommandSpec& spec, const ParsedArgs& args,
                                          std::span<const std::string> operands) {
  if (is_tournament_command(spec)) return build_tournament_request(spec, args, operands);
  std::string type = "admin." + std::string(spec.name);
  std::replace(type.begin(), type.end(), '-', '_');
  Json request = {{"type", type}};
  const bool game_target = spec.name == "annul";
  const bool report_target = spec.name == "resolve-report" || spec.name == "dismiss-report";
  if (report_target) {
    request["type"] = "admin.resolve_report";
    request["outcome"] = spec.name == "dismiss-report" ? "dismissed" : "resolved";
  }
  if (!spec.operands.empty() && spec.name != "broadcast") {
    if (game_target || report_target) {
      auto id = parse_integer(game_target ? "GAME" : "ID", operands[0], 1, max_id);
      if (!id) return unexpected(id.error());
      request[game_target ? "game" : "report"] = *id;
    } else {
      request["user"] = operands[0];
    }
  }
  if (auto note = args.value("--note")) {
    if (note->empty()) return unexpected(std::string("--note must not be empty"));
    request["note"] = *note;
  }
  if (args.has("--dry-run")) request["dry_run"] = true;
  if (spec.name == "broadcast") request["text"] = operands[0];
  if (spec.name == "set-rank") {
    const std::string rank = lower(operands[1]);
    if (!parse_rank_exactly(rank)) return unexpected("RANK must be 18k..1k or 1d..9d, not '" + operands[1] + "'");
    request["rank"] = rank;
  }
  if (auto reason = args.value("--reason")) {
    if (reason->empty()) return unexpected(std::string("--reason must not be empty"));
    request["reason"] = *reason;
  }
  if (auto added = add_integer_options(spec, args, request); !added) return unexpected(added.error());
  if (auto added = add_rank_options(args, request); !added) return unexpected(added.error());
  return request;
}

std::string describe_ok_reply(const Json& request, const Json& reply) {
  if (auto text = describe_tournament_reply(request, reply); !text.empty()) return text;
  const std::string type = request.value("type", "");
  if (type == "admin.reports") return describe_reports(reply);
  if (type == "admin.audit") return describe_audit(request, reply);
  if (type == "admin.review") return describe_review(reply);
  if (type == "admin.recommendations") return describe_recommendations(request, reply);
  if (type == "admin.keep_short_games") return describe_kept(request, reply) + "\n";
  if (type == "admin.retire_inactive") return describe_retirement(reply);
  return describe_action(request) + "\n";
}

}  // namespace yunzi::admin
