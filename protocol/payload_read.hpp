// The lobby's payloads read back from the JSON payload_json.hpp writes:
// what one cluster node tells the others of its users, seeks and games.
// nullopt for anything missing or mistyped; never throws.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "protocol/payloads.hpp"

namespace yunzi::protocol {

std::optional<UserInfo> read_user_info(const nlohmann::json& user);
std::optional<GameSettings> read_game_settings(const nlohmann::json& settings);
std::optional<SeekInfo> read_seek_info(const nlohmann::json& seek);
std::optional<LobbyGame> read_lobby_game(const nlohmann::json& game);

}  // namespace yunzi::protocol
