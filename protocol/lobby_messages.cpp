#include "protocol/lobby_messages.hpp"

namespace yunzi::protocol {

using nlohmann::json;

std::string_view to_string(UserStatus status) {
  switch (status) {
    case UserStatus::idle: return "idle";
    case UserStatus::playing: return "playing";
    case UserStatus::watching: return "watching";
  }
  return "idle";
}

json to_json(const LobbyUser& user) {
  json out = to_json(user.info);
  out["status"] = to_string(user.status);
  return out;
}

Frame lobby_user(const LobbyUser& user) { return make_frame({{"type", "lobby.user"}, {"user", to_json(user)}}); }

Frame reply_lobby_snapshot(RequestId id, const LobbySnapshot& snapshot) {
  return encode_ok(id, {{"users", list_json(snapshot.users)},
                        {"seeks", list_json(snapshot.seeks)},
                        {"games", list_json(snapshot.games)},
                        {"chat", list_json(snapshot.chat)},
                        {"users_total", snapshot.users_total},
                        {"games_total", snapshot.games_total}});
}

}  // namespace yunzi::protocol
