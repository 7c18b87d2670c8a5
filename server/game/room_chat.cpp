// RoomState: chat. Players' chat reaches the whole room; spectators' chat
// stays among the spectators while the game runs, so nobody can advise the
// players, and reaches everyone once it has ended. The room keeps the
// newest lines (and the game's record in the database keeps them too), so
// game.watch can show a late joiner, a reload or a restart the chat so far.
#include "protocol/events.hpp"
#include "protocol/text.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

Outcome RoomState::chat(const RoomRequest& request, const protocol::req::GameChat& line, std::int64_t now_ms) {
  using protocol::ChatChannel;
  using protocol::ErrorCode;
  const bool player = color_of(request.user).has_value();
  if (auto problem = protocol::text_problem(line.text, 1, protocol::max_chat_chars, false)) {
    return {error(request, ErrorCode::bad_request, "text: " + *problem), {}, {}};
  }
  if (request.muted) return {error(request, ErrorCode::muted, "you are muted"), {}, {}};
  if (!player && !request.watching) {
    return {error(request, ErrorCode::forbidden, "watch the game to chat in it"), {}, {}};
  }
  const ChatChannel channel = line.channel.value_or(player ? ChatChannel::players : ChatChannel::spectators);
  if (!ended_ && !player && channel == ChatChannel::players) {
    return {error(request, ErrorCode::forbidden, "spectators chat on the spectators channel"), {}, {}};
  }
  if (!ended_ && player && channel == ChatChannel::spectators) {
    return {error(request, ErrorCode::forbidden, "players chat on the players channel while the game runs"), {}, {}};
  }
  Outcome out;
  out.reply = ok(request);
  const Audience audience = (channel == ChatChannel::spectators && !ended_) ? Audience::spectators : Audience::everyone;
  protocol::ChatLine kept{request.user_name, line.text, channel};
  out.events.push_back({audience, protocol::game_chat(id(), kept)});
  out.chat_line = db::ChatRecord{kept.from, kept.text, std::string(to_string(channel)), now_ms};
  chat_.push_back(std::move(kept));
  if (chat_.size() > static_cast<std::size_t>(db::max_chat_lines_per_game)) chat_.pop_front();
  return out;
}

std::vector<protocol::ChatLine> RoomState::chat_for(bool player) const {
  std::vector<protocol::ChatLine> out;
  for (const protocol::ChatLine& line : chat_) {
    if (player && !ended_ && line.channel == protocol::ChatChannel::spectators) continue;
    out.push_back(line);
  }
  return out;
}

}  // namespace yunzi::game
