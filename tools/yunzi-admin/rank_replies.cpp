#include "tools/yunzi-admin/rank_replies.hpp"

#include "tools/yunzi-admin/text_table.hpp"

namespace yunzi::admin {
namespace {

using Json = nlohmann::json;

std::string joined(const Json& list, const char* separator) {
  std::string text;
  if (!list.is_array()) return text;
  for (const Json& item : list) {
    text += (text.empty() ? "" : separator) + (item.is_string() ? item.get<std::string>() : item.dump());
  }
  return text;
}

}  // namespace

std::string describe_review(const Json& reply) {
  const Json& players = reply.value("players", Json::array());
  if (!players.is_array() || players.empty()) return "(nobody to review)\n";
  std::vector<TableRow> rows;
  for (const Json& p : players) {
    const Json user = p.value("user", Json::object());
    const Json games = p.value("short_games", Json::array());
    rows.push_back({text_of(user, "name"), text_of(user, "rank"), std::to_string(games.size()), joined(games, " ")});
  }
  std::string text = render_table({"player", "rank", "count", "short games"}, rows);
  if (reply.contains("next")) text += "more players: review --after " + text_of(reply, "next") + "\n";
  return text;
}

std::string describe_recommendations(const Json& request, const Json& reply) {
  const Json& listed = reply.value("recommendations", Json::array());
  if (!listed.is_array() || listed.empty()) return "(no recommendations)\n";
  std::vector<TableRow> rows;
  for (const Json& r : listed) {
    const Json user = r.value("user", Json::object());
    rows.push_back({text_of(r, "id"), time_of(r, "asked_at"), text_of(r, "recommender"), text_of(user, "name"),
                    text_of(user, "rank"), text_of(r, "former_rank"), text_of(r, "status"),
                    joined(r.value("warnings", Json::array()), ", ")});
  }
  std::string text =
      render_table({"id", "asked", "recommender", "player", "rank", "former", "status", "warnings"}, rows);
  const std::size_t page = request.value("limit", 20);
  if (listed.size() >= page) text += "older: recommendations --before " + text_of(listed.back(), "id") + "\n";
  return text;
}

}  // namespace yunzi::admin
