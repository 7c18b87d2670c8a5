#include "server/lobby/lobby_snapshot.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "protocol/chat_messages.hpp"
#include "protocol/text.hpp"
#include "server/lobby/lobby.hpp"

namespace yunzi::lobby {
namespace {

constexpr int widest_int = std::numeric_limits<int>::max();
constexpr std::int64_t widest_id = std::numeric_limits<std::int64_t>::max();
// A request id may be any 64-bit integer; the negative ones are the longest.
constexpr std::int64_t widest_request_id = std::numeric_limits<std::int64_t>::min();
constexpr double widest_komi = -149.5;  // the longest multiple of 0.5 within the rules' +-150
constexpr std::size_t widest_total = std::numeric_limits<std::size_t>::max();

protocol::UserInfo widest_user() {
  // Twenty letters of four UTF-8 bytes each (CJK Extension B), the longest name there is.
  std::string name;
  for (int i = 0; i < 20; ++i) name += "\xF0\xA0\x80\x80";
  return protocol::UserInfo{name, Rank::kyu(18), Role::admin};
}

std::vector<TimeControl> widest_clocks() {
  // The wire shows whole seconds: the longest duration is the longest int in milliseconds.
  constexpr std::int64_t widest_ms = std::int64_t{widest_int} * 1000;
  return {TimeControl::byoyomi(widest_ms, widest_int, widest_ms), TimeControl::fischer(widest_ms, widest_ms, widest_ms),
          TimeControl::canadian(widest_ms, widest_int, widest_ms), TimeControl::absolute(widest_ms)};
}

std::size_t bytes_of(const nlohmann::json& entry) { return entry.dump(-1, ' ', false).size(); }

std::size_t widest_seek_bytes() {
  std::size_t widest = 0;
  for (const TimeControl& time : widest_clocks()) {
    GameSettings settings;
    settings.size = widest_int;
    settings.rated = false;
    settings.handicap = widest_int;
    settings.komi = widest_komi;
    settings.color = ColorChoice::white;
    settings.time = time;
    settings.ko = engine::KoRule::situational;
    widest = std::max(widest, bytes_of(protocol::to_json(protocol::SeekInfo{widest_id, widest_user(), settings})));
  }
  return widest;
}

std::size_t widest_game_bytes() {
  protocol::LobbyGame game;
  game.game = widest_id;
  game.black = widest_user();
  game.white = widest_user();
  game.size = widest_int;
  game.handicap = widest_int;
  game.komi = widest_komi;
  game.rated = false;
  game.move_number = widest_int;
  game.spectators = widest_int;
  game.anonymous_spectators = widest_int;
  return bytes_of(protocol::to_json(game));
}

// A line of the longest text there is: four UTF-8 bytes to every code point, none escaped.
std::size_t widest_chat_bytes() {
  std::string text;
  for (std::size_t i = 0; i < protocol::max_chat_chars; ++i) text += "\xF0\xA0\x80\x80";
  return bytes_of(
      protocol::to_json(protocol::LobbyChatLine{widest_user().name, text, std::numeric_limits<std::int64_t>::min()}));
}

std::size_t widest_user_bytes() {
  return bytes_of(protocol::to_json(protocol::LobbyUser{widest_user(), UserStatus::watching}));
}

// n entries of at most `entry` bytes each, with the commas between them.
std::size_t list_bytes(std::size_t n, std::size_t entry) { return n == 0 ? 0 : n * (entry + 1) - 1; }

}  // namespace

std::size_t largest_snapshot_bytes(const LobbyLimits& limits) {
  LobbySnapshot empty;
  empty.users_total = widest_total;
  empty.games_total = widest_total;
  const std::size_t envelope = protocol::reply_lobby_snapshot(widest_request_id, empty)->size();
  return envelope + list_bytes(limits.list_max, widest_user_bytes()) +
         list_bytes(limits.seeks_max, widest_seek_bytes()) + list_bytes(limits.list_max, widest_game_bytes()) +
         list_bytes(limits.chat_history, widest_chat_bytes());
}

Expected<Done, std::string> check_snapshot_fits(const LobbyLimits& limits, std::size_t outgoing_queue_bytes) {
  const std::size_t largest = largest_snapshot_bytes(limits);
  if (largest <= outgoing_queue_bytes / 2) return Done{};
  return unexpected("lobby_seeks_max " + std::to_string(limits.seeks_max) + ", lobby_list_max " +
                    std::to_string(limits.list_max) + " and lobby_chat_history " + std::to_string(limits.chat_history) +
                    " allow a lobby.watch snapshot of " + std::to_string(largest) +
                    " bytes, more than half of outgoing_queue_bytes (" + std::to_string(outgoing_queue_bytes) +
                    "): lower the limits or raise outgoing_queue_bytes");
}

}  // namespace yunzi::lobby
