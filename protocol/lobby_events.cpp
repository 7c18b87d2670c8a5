#include "protocol/events.hpp"

namespace yunzi::protocol {

using nlohmann::json;

Frame lobby_user_left(std::string_view name) { return make_frame({{"type", "lobby.user_left"}, {"name", name}}); }

Frame lobby_seek(const SeekInfo& seek) { return make_frame({{"type", "lobby.seek"}, {"seek", to_json(seek)}}); }

Frame lobby_seek_removed(std::int64_t seek) { return make_frame({{"type", "lobby.seek_removed"}, {"seek", seek}}); }

// `game` stays the integer id, as everywhere on the wire; the entry's fields sit beside it.
Frame lobby_game(const LobbyGame& game) {
  json out = to_json(game);
  out["type"] = "lobby.game";
  return make_frame(out);
}

Frame lobby_game_removed(std::int64_t game) { return make_frame({{"type", "lobby.game_removed"}, {"game", game}}); }

Frame challenge_received(const ChallengeInfo& challenge) {
  return make_frame({{"type", "challenge"}, {"challenge", to_json(challenge)}});
}

Frame challenge_declined(std::int64_t challenge, std::string_view by, const std::optional<std::string>& reason) {
  json out = {{"type", "challenge.declined"}, {"challenge", challenge}, {"by", by}};
  if (reason) out["reason"] = *reason;
  return make_frame(out);
}

Frame rank_changed(const RankChange& change) {
  json out = to_json(change);
  out["type"] = "rank.change";
  return make_frame(out);
}

Frame notice(std::string_view text) { return make_frame({{"type", "notice"}, {"text", text}}); }

Frame kicked(std::string_view reason) { return make_frame({{"type", "kicked"}, {"reason", reason}}); }

Frame followed_online(const UserInfo& user) { return make_frame({{"type", "follow.online"}, {"user", to_json(user)}}); }

Frame followed_game(const UserInfo& user, std::int64_t game, const UserInfo& opponent) {
  return make_frame(
      {{"type", "follow.game"}, {"user", to_json(user)}, {"game", game}, {"opponent", to_json(opponent)}});
}

}  // namespace yunzi::protocol
