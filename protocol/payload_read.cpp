#include "protocol/payload_read.hpp"

#include <string>
#include <type_traits>

#include "core/role.hpp"
#include "protocol/settings.hpp"

namespace yunzi::protocol {
namespace {

using nlohmann::json;

const json* field(const json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto found = object.find(key);
  return found == object.end() ? nullptr : &*found;
}

template <class Value>
bool read(const json& object, const char* key, Value& out) {
  const json* value = field(object, key);
  if (!value) return false;
  if constexpr (std::is_same_v<Value, bool>) {
    if (!value->is_boolean()) return false;
  } else if constexpr (std::is_same_v<Value, std::string>) {
    if (!value->is_string()) return false;
  } else if constexpr (std::is_integral_v<Value>) {
    if (!value->is_number_integer()) return false;
  } else {
    if (!value->is_number()) return false;
  }
  out = value->get<Value>();
  return true;
}

}  // namespace

std::optional<UserInfo> read_user_info(const json& user) {
  std::string rank, role;
  UserInfo out;
  if (!read(user, "name", out.name) || !read(user, "rank", rank) || !read(user, "role", role)) return std::nullopt;
  const auto parsed_rank = parse_rank(rank);
  const auto parsed_role = parse_role(role);
  if (!parsed_rank || !parsed_role) return std::nullopt;
  out.rank = *parsed_rank;
  out.role = *parsed_role;
  return out;
}

std::optional<GameSettings> read_game_settings(const json& settings) {
  GameSettings out;
  std::string color, ko;
  const json* time = field(settings, "time");
  if (!read(settings, "size", out.size) || !read(settings, "rated", out.rated) ||
      !read(settings, "handicap", out.handicap) || !read(settings, "komi", out.komi) ||
      !read(settings, "color", color) || !read(settings, "ko", ko) || !time) {
    return std::nullopt;
  }
  const auto parsed_color = parse_color_choice(color);
  const auto parsed_ko = parse_ko_rule(ko);
  auto parsed_time = decode_time_control(*time);
  if (!parsed_color || !parsed_ko || !parsed_time) return std::nullopt;
  out.color = *parsed_color;
  out.ko = *parsed_ko;
  out.time = *parsed_time;
  return out;
}

std::optional<SeekInfo> read_seek_info(const json& seek) {
  SeekInfo out;
  const json* from = field(seek, "from");
  const json* settings = field(seek, "settings");
  if (!read(seek, "id", out.id) || !from || !settings) return std::nullopt;
  auto user = read_user_info(*from);
  auto game_settings = read_game_settings(*settings);
  if (!user || !game_settings) return std::nullopt;
  out.from = std::move(*user);
  out.settings = *game_settings;
  return out;
}

std::optional<LobbyGame> read_lobby_game(const json& game) {
  LobbyGame out;
  const json* black = field(game, "black");
  const json* white = field(game, "white");
  if (!read(game, "game", out.game) || !black || !white || !read(game, "size", out.size) ||
      !read(game, "handicap", out.handicap) || !read(game, "komi", out.komi) || !read(game, "rated", out.rated) ||
      !read(game, "move_number", out.move_number) || !read(game, "spectators", out.spectators) ||
      !read(game, "anonymous_spectators", out.anonymous_spectators)) {
    return std::nullopt;
  }
  auto black_user = read_user_info(*black);
  auto white_user = read_user_info(*white);
  if (!black_user || !white_user) return std::nullopt;
  out.black = std::move(*black_user);
  out.white = std::move(*white_user);
  return out;
}

}  // namespace yunzi::protocol
