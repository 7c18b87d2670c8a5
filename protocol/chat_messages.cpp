#include "protocol/chat_messages.hpp"

namespace yunzi::protocol {

using nlohmann::json;

json to_json(const LobbyChatLine& line) { return {{"from", line.from}, {"text", line.text}, {"at", line.at}}; }

json to_json(const PrivateMessage& message) {
  return {{"id", message.id},     {"from", message.from}, {"to", message.to},
          {"text", message.text}, {"at", message.at},     {"read", message.read}};
}

json to_json(const Conversation& conversation) {
  return {{"with", conversation.with}, {"last", to_json(conversation.last)}, {"unread", conversation.unread}};
}

Frame lobby_chat(const LobbyChatLine& line) {
  json out = to_json(line);
  out["type"] = "lobby.chat";
  return make_frame(out);
}

Frame message_received(const PrivateMessage& message) {
  json out = to_json(message);
  out["type"] = "message";
  return make_frame(out);
}

}  // namespace yunzi::protocol
