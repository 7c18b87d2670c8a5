// The games' lobby entries as `yunzi.lobby` carries them (server/cluster/README.md): one entry as a `game` message,
// the entries held over a second as `games` messages of at most `entries_per_message` items each, and an item read
// back, nothing of it trusted (the sender is another node).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/node/lobby_game_pacer.hpp"

namespace yunzi::node {

// NATS refuses a payload over 1 MiB by default; an entry is a few hundred bytes.
inline constexpr std::size_t entries_per_message = 200;

// `{"game": entry, "black", "white"}`: a `game` message's fields and each item of `games`.
nlohmann::json game_item(const LobbyGamePacer::Entry& entry);
// `{"type": "games", "games": [...]}`, in the entries' order; none for no entries.
std::vector<nlohmann::json> games_messages(const std::vector<LobbyGamePacer::Entry>& entries,
                                           std::size_t per_message = entries_per_message);
std::optional<LobbyGamePacer::Entry> read_game_item(const nlohmann::json& item);

}  // namespace yunzi::node
