#include "server/node/lobby_game_messages.hpp"

#include <algorithm>

#include "protocol/payload_json.hpp"
#include "protocol/payload_read.hpp"
#include "server/node/game_relay_wire.hpp"

namespace yunzi::node {

using nlohmann::json;

json game_item(const LobbyGamePacer::Entry& entry) {
  return {{"game", protocol::to_json(entry.entry)}, {"black", entry.black}, {"white", entry.white}};
}

std::vector<json> games_messages(const std::vector<LobbyGamePacer::Entry>& entries, std::size_t per_message) {
  std::vector<json> messages;
  for (std::size_t first = 0; first < entries.size(); first += per_message) {
    json items = json::array();
    const std::size_t end = std::min(entries.size(), first + per_message);
    for (std::size_t i = first; i < end; ++i) items.push_back(game_item(entries[i]));
    messages.push_back({{"type", "games"}, {"games", std::move(items)}});
  }
  return messages;
}

std::optional<LobbyGamePacer::Entry> read_game_item(const json& item) {
  if (!item.is_object()) return std::nullopt;
  const auto game = item.find("game");
  if (game == item.end()) return std::nullopt;
  auto entry = protocol::read_lobby_game(*game);
  const auto black = relay_wire::integer_field(item, "black");
  const auto white = relay_wire::integer_field(item, "white");
  if (!entry || !black || !white) return std::nullopt;
  return LobbyGamePacer::Entry{std::move(*entry), *black, *white};
}

}  // namespace yunzi::node
