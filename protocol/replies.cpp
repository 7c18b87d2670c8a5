#include "protocol/replies.hpp"

#include "protocol/version.hpp"

namespace yunzi::protocol {

using nlohmann::json;

namespace {

json envelope(std::string_view type, RequestId id) {
  json out = {{"type", type}};
  if (id) out["re"] = *id;
  return out;
}

}  // namespace

Frame encode_ok(RequestId id, json fields) {
  json out = fields.is_object() ? std::move(fields) : json::object();
  out.update(envelope("ok", id));
  return make_frame(out);
}

Frame encode_error(RequestId id, ErrorCode code, std::string_view message) {
  json out = envelope("error", id);
  out["code"] = to_string(code);
  out["message"] = message;
  return make_frame(out);
}

Frame encode_error(RequestId id, ErrorCode code, std::string_view message, const json& fields) {
  json out = fields.is_object() ? fields : json::object();
  out.update(envelope("error", id));
  out["code"] = to_string(code);
  out["message"] = message;
  return make_frame(out);
}

Frame encode_error(const DecodeError& error) { return encode_error(error.id, error.code, error.message); }

Frame reply_hello(RequestId id, std::int64_t time_ms) {
  return encode_ok(id, {{"server", std::string(server_name) + "/" + std::string(server_version)},
                        {"protocol", protocol_version},
                        {"time_ms", time_ms}});
}

Frame reply_session(RequestId id, std::string_view token, const UserInfo& user) {
  return encode_ok(id, {{"token", token}, {"user", to_json(user)}});
}

Frame reply_resume(RequestId id, const UserInfo& user, const std::vector<std::int64_t>& games) {
  return encode_ok(id, {{"user", to_json(user)}, {"games", games}});
}

Frame reply_ping(RequestId id, const std::optional<ClientTime>& t, std::int64_t time_ms) {
  json fields = {{"time_ms", time_ms}};
  if (t) fields["t"] = to_json(*t);
  return encode_ok(id, std::move(fields));
}

Frame reply_seek(RequestId id, const SeekInfo& seek) { return encode_ok(id, {{"seek", to_json(seek)}}); }

Frame reply_challenge(RequestId id, const ChallengeInfo& challenge) {
  return encode_ok(id, {{"challenge", to_json(challenge)}});
}

Frame reply_automatch_queued(RequestId id, std::size_t waiting) {
  return encode_ok(id, {{"queued", true}, {"waiting", waiting}});
}

Frame reply_game(RequestId id, std::int64_t game) { return encode_ok(id, {{"game", game}}); }

namespace {

json chat_json(const std::vector<ChatLine>& chat) {
  json lines = json::array();
  for (const ChatLine& line : chat) {
    lines.push_back({{"from", line.from}, {"text", line.text}, {"channel", to_string(line.channel)}});
  }
  return lines;
}

}  // namespace

Frame reply_game_state(RequestId id, const GameSnapshot& state, const std::vector<ChatLine>& chat) {
  return encode_ok(id, {{"state", to_json(state)}, {"chat", chat_json(chat)}});
}

Frame reply_game_events(RequestId id, const std::vector<Frame>& events, const std::vector<ChatLine>& chat) {
  // The events are already encoded; splicing their text avoids parsing them again.
  std::string text = envelope("ok", id).dump();
  text.pop_back();
  text += ",\"events\":[";
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (i > 0) text += ',';
    text += *events[i];
  }
  text += "],\"chat\":";
  text += chat_json(chat).dump();
  text += "}";
  return std::make_shared<const std::string>(std::move(text));
}

Frame reply_sgf(RequestId id, std::string_view sgf) { return encode_ok(id, {{"sgf", sgf}}); }

Frame reply_user_info(RequestId id, const UserProfile& p) {
  return encode_ok(id, {{"user", to_json(p.user)},
                        {"wins", p.wins},
                        {"losses", p.losses},
                        {"rank_progress", to_json(p.rank_progress)},
                        {"online", p.online}});
}

Frame reply_user_list(RequestId id, const std::vector<std::pair<UserInfo, bool>>& users) {
  json list = json::array();
  for (const auto& [user, online] : users) {
    json entry = to_json(user);
    entry["online"] = online;
    list.push_back(std::move(entry));
  }
  return encode_ok(id, {{"users", std::move(list)}});
}

Frame reply_user_games(RequestId id, const std::vector<GameSummary>& games) {
  return encode_ok(id, {{"games", list_json(games)}});
}

Frame reply_user_history(RequestId id, const std::vector<RankEvent>& history) {
  return encode_ok(id, {{"history", list_json(history)}});
}

Frame reply_reports(RequestId id, const std::vector<ReportEntry>& reports) {
  return encode_ok(id, {{"reports", list_json(reports)}});
}

Frame reply_audit(RequestId id, const std::vector<AuditEntry>& entries) {
  return encode_ok(id, {{"entries", list_json(entries)}});
}

Frame reply_review(RequestId id, const std::vector<ReviewEntry>& players, const std::optional<std::string>& next) {
  nlohmann::json fields = {{"players", list_json(players)}};
  if (next) fields["next"] = *next;
  return encode_ok(id, std::move(fields));
}

Frame reply_recommendations(RequestId id, const std::vector<RecommendationEntry>& recommendations) {
  return encode_ok(id, {{"recommendations", list_json(recommendations)}});
}

}  // namespace yunzi::protocol
