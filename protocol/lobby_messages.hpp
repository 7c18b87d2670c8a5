// The lobby's extensions on the wire: a listed user with what they do now
// (`status`), the `lobby.user` event that carries one, and the `lobby.watch`
// snapshot with the chat and the totals beside its capped lists
// (protocol/README.md, "Lobby").
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/chat_messages.hpp"
#include "protocol/payload_json.hpp"
#include "protocol/payloads.hpp"
#include "protocol/replies.hpp"

namespace yunzi::protocol {

enum class UserStatus { idle, playing, watching };
std::string_view to_string(UserStatus status);

struct LobbyUser {
  UserInfo info;
  UserStatus status = UserStatus::idle;
};

struct LobbySnapshot {
  std::vector<LobbyUser> users;
  std::vector<SeekInfo> seeks;
  std::vector<LobbyGame> games;
  std::vector<LobbyChatLine> chat;  // oldest first
  std::size_t users_total = 0;
  std::size_t games_total = 0;
};

// The user object with the `status` field.
nlohmann::json to_json(const LobbyUser& user);

Frame lobby_user(const LobbyUser& user);  // type "lobby.user": came online or changed (rank, role, status)
// lobby.watch: `users`, `seeks`, `games`, `chat`, `users_total`, `games_total`.
Frame reply_lobby_snapshot(RequestId id, const LobbySnapshot& snapshot);

}  // namespace yunzi::protocol
