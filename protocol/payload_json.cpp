#include "protocol/payload_json.hpp"

namespace yunzi::protocol {

using nlohmann::json;

Frame make_frame(const json& message) {
  return std::make_shared<const std::string>(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::scoring: return "scoring";
    case Phase::ended: return "ended";
    case Phase::play: break;
  }
  return "play";
}

json to_json(const UserInfo& user) {
  return {{"name", user.name}, {"rank", to_string(user.rank)}, {"role", to_string(user.role)}};
}

json to_json(const PlayerRef& player) { return {{"name", player.name}, {"rank", to_string(player.rank)}}; }

// The wire spells every clock duration in whole seconds; the settings of a
// game always hold whole seconds (see lobby::settings_to_play).
json to_json(const TimeControl& time) {
  const auto s = [](std::int64_t ms) { return ms / ms_per_second; };
  json out;
  switch (time.system) {
    case TimeSystem::byoyomi:
      out = {{"main_s", s(time.main_ms)}, {"periods", time.periods}, {"period_s", s(time.period_ms)}};
      break;
    case TimeSystem::fischer:
      out = {{"main_s", s(time.main_ms)}, {"increment_s", s(time.increment_ms)}, {"max_s", s(time.max_ms)}};
      break;
    case TimeSystem::canadian:
      out = {{"main_s", s(time.main_ms)}, {"stones", time.stones}, {"period_s", s(time.period_ms)}};
      break;
    case TimeSystem::absolute: out = {{"main_s", s(time.main_ms)}}; break;
    case TimeSystem::none: out = json::object(); break;
  }
  out["system"] = to_string(time.system);
  return out;
}

json to_json(const GameSettings& settings) {
  return {{"size", settings.size},
          {"rated", settings.rated},
          {"handicap", settings.handicap},
          {"komi", settings.komi},
          {"color", to_string(settings.color)},
          {"time", to_json(settings.time)},
          {"ko", to_string(settings.ko)}};
}

json to_json(const SideClock& side) {
  json out = {{"main_ms", side.main_ms}};
  if (side.periods) out["periods"] = *side.periods;
  if (side.period_ms) out["period_ms"] = *side.period_ms;
  if (side.stones) out["stones"] = *side.stones;
  return out;
}

json to_json(const ClockState& clock) {
  return {{"black", to_json(clock.black)},
          {"white", to_json(clock.white)},
          {"running", clock.running ? json(engine::to_string(*clock.running)) : json(nullptr)}};
}

json vertex_json(const std::optional<engine::Vertex>& vertex, int size) { return engine::to_gtp(vertex, size); }

json vertices_json(const std::vector<engine::Vertex>& vertices, int size) {
  json out = json::array();
  for (const engine::Vertex v : vertices) out.push_back(engine::to_gtp(v, size));
  return out;
}

json to_json(const GameSnapshot& s) {
  const int size = s.settings.size;
  json moves = json::array();
  for (const auto& move : s.moves) moves.push_back(vertex_json(move, size));
  json out = {{"game", s.game},
              {"seq", s.seq},
              {"size", size},
              {"komi", s.settings.komi},
              {"handicap", s.settings.handicap},
              {"rated", s.settings.rated},
              {"ko", engine::to_string(s.settings.ko)},
              {"time", to_json(s.settings.time)},
              {"black", to_json(s.black)},
              {"white", to_json(s.white)},
              {"moves", std::move(moves)},
              {"handicap_stones", vertices_json(s.handicap_stones, size)},
              {"to_move", engine::to_string(s.to_move)},
              {"phase", to_string(s.phase)},
              {"clock", to_json(s.clock)},
              {"captures", {{"black", s.captures.black}, {"white", s.captures.white}}},
              {"dead", vertices_json(s.dead, size)},
              {"marking_version", s.marking_version},
              {"spectators", s.spectators},
              {"anonymous_spectators", s.anonymous_spectators},
              {"spectator_names", s.spectator_names}};
  if (s.count) out["count"] = to_json(*s.count, size);
  if (s.result) out["result"] = to_sgf(*s.result);
  return out;
}

json to_json(const SeekInfo& seek) {
  return {{"id", seek.id}, {"from", to_json(seek.from)}, {"settings", to_json(seek.settings)}};
}

json to_json(const ChallengeInfo& c) {
  return {{"id", c.id}, {"from", to_json(c.from)}, {"to", to_json(c.to)}, {"settings", to_json(c.settings)}};
}

json to_json(const LobbyGame& g) {
  return {{"game", g.game},
          {"black", to_json(g.black)},
          {"white", to_json(g.white)},
          {"size", g.size},
          {"handicap", g.handicap},
          {"komi", g.komi},
          {"rated", g.rated},
          {"move_number", g.move_number},
          {"spectators", g.spectators},
          {"anonymous_spectators", g.anonymous_spectators}};
}

json to_json(const GameSummary& g) {
  return {{"game", g.game},        {"black", to_json(g.black)}, {"white", to_json(g.white)},
          {"size", g.size},        {"rated", g.rated},          {"result", g.result ? to_sgf(*g.result) : ""},
          {"ended_at", g.ended_at}};
}

namespace {
void put_optional_game(json& out, const std::optional<std::int64_t>& game) {
  if (game) out["game"] = *game;
}
}  // namespace

json to_json(const RankChange& change) {
  json out = {
      {"name", change.name}, {"from", to_string(change.from)}, {"to", to_string(change.to)}, {"reason", change.reason}};
  put_optional_game(out, change.game);
  return out;
}

json to_json(const Score& score) { return {{"black", score.black}, {"white", score.white}, {"komi", score.komi}}; }

json to_json(const AreaCount& count, int size) {
  return {
      {"black", count.black},
      {"white", count.white},
      {"komi", count.komi},
      {"result", count.result},
      {"territory",
       {{"black", vertices_json(count.black_territory, size)}, {"white", vertices_json(count.white_territory, size)}}}};
}

json to_json(const RankProgress& p) {
  return {{"games", p.games},
          {"wins", p.wins},
          {"losses", p.losses},
          {"block_size", p.block_size},
          {"wins_to_promote", p.wins_to_promote},
          {"losses_to_demote", p.losses_to_demote},
          {"summary", p.summary}};
}

json to_json(const RankEvent& e) {
  json out = {{"id", e.id}, {"from", to_string(e.from)}, {"to", to_string(e.to)}, {"reason", e.reason}, {"at", e.at}};
  put_optional_game(out, e.game);
  return out;
}

json to_json(const ReportEntry& r) {
  json out = {
      {"id", r.id}, {"reporter", r.reporter}, {"user", r.user}, {"reason", r.reason}, {"created_at", r.created_at}};
  put_optional_game(out, r.game);
  return out;
}

json to_json(const AuditEntry& e) {
  return {{"id", e.id},         {"admin", e.admin}, {"action", e.action}, {"target", e.target},
          {"reason", e.reason}, {"at", e.at},       {"detail", e.detail}};
}

json to_json(const ReviewEntry& e) { return {{"user", to_json(e.user)}, {"short_games", e.short_games}}; }

json to_json(const RecommendationEntry& e) {
  json out = {{"id", e.id},
              {"recommender", e.recommender},
              {"user", to_json(e.user)},
              {"former_rank", to_string(e.former_rank)},
              {"status", to_string(e.status)},
              {"asked_at", e.asked_at},
              {"warnings", e.warnings}};
  if (e.decided_at) out["decided_at"] = *e.decided_at;
  if (e.revoked_at) out["revoked_at"] = *e.revoked_at;
  return out;
}

json to_json(const ClientTime& time) {
  return std::visit([](auto value) { return json(value); }, time);
}

}  // namespace yunzi::protocol
