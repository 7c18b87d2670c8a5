// The lobby's chat and private messages on the wire: the lines and
// messages as the server fills them, their JSON, and their events
// (`lobby.chat` to the lobby's watchers, `message` to a recipient).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

struct LobbyChatLine {
  std::string from;
  std::string text;
  std::int64_t at = 0;  // Unix ms
};

struct PrivateMessage {
  std::int64_t id = 0;
  std::string from;
  std::string to;
  std::string text;
  std::int64_t at = 0;  // Unix ms
  bool read = false;    // the recipient has read it (message.read)
};

// One partner of the caller: the newest message either way and how many of theirs are unread.
struct Conversation {
  std::string with;
  PrivateMessage last;
  std::int64_t unread = 0;
};

nlohmann::json to_json(const LobbyChatLine& line);
nlohmann::json to_json(const PrivateMessage& message);
nlohmann::json to_json(const Conversation& conversation);

Frame lobby_chat(const LobbyChatLine& line);            // type "lobby.chat"
Frame message_received(const PrivateMessage& message);  // type "message"

}  // namespace yunzi::protocol
