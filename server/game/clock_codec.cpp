#include "server/game/clock_codec.hpp"

#include <nlohmann/json.hpp>

#include "server/clock/lag_compensator.hpp"

namespace yunzi::game {

namespace {

// clock_state is written on every move, so it is spelled by hand rather than
// built as a JSON tree (that took 4 % of the server's CPU under load). The
// text is what nlohmann's dump() gave: keys in sorted order, no spaces; the
// names written are fixed identifiers that need no escaping.
void append_number(std::string& out, std::string_view key, std::int64_t value) {
  out += '"';
  out += key;
  out += "\":";
  out += std::to_string(value);
}

void append_side(std::string& out, std::string_view key, const clock::SideTime& side) {
  out += '"';
  out += key;
  out += "\":{";
  append_number(out, "main_ms", side.main_ms);
  out += ',';
  append_number(out, "period_ms", side.period_ms);
  out += ',';
  append_number(out, "periods", side.periods);
  out += ',';
  append_number(out, "stones", side.stones);
  out += '}';
}

void append_color(std::string& out, std::string_view key, const std::optional<engine::Color>& color) {
  out += '"';
  out += key;
  out += "\":";
  if (!color) {
    out += "null";
    return;
  }
  out += '"';
  out += engine::to_string(*color);
  out += '"';
}

clock::SideTime side_from(const nlohmann::json& j) {
  clock::SideTime side;
  side.main_ms = j.at("main_ms").get<std::int64_t>();
  side.periods = j.at("periods").get<int>();
  side.period_ms = j.at("period_ms").get<std::int64_t>();
  side.stones = j.at("stones").get<int>();
  return side;
}

std::optional<engine::Color> color_from(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  auto color = engine::parse_color(j.get<std::string>());
  if (!color) throw std::invalid_argument("bad colour");
  return color;
}

protocol::SideClock side_to_wire(TimeSystem system, const clock::SideTime& side) {
  protocol::SideClock out;
  out.main_ms = side.main_ms;
  if (system == TimeSystem::byoyomi) {
    out.periods = side.periods;
    out.period_ms = side.period_ms;
  } else if (system == TimeSystem::canadian) {
    out.stones = side.stones;
    out.period_ms = side.period_ms;
  }
  return out;
}

}  // namespace

protocol::ClockState to_wire(const clock::ClockSnapshot& snapshot) {
  protocol::ClockState out;
  out.black = side_to_wire(snapshot.system, snapshot.black);
  out.white = side_to_wire(snapshot.system, snapshot.white);
  out.running = snapshot.running;
  return out;
}

std::string encode_clock_state(const StoredClock& stored) {
  std::string out;
  out.reserve(256);
  out += '{';
  append_side(out, "black", stored.clock.black);
  out += ',';
  append_color(out, "flagged", stored.clock.flagged);
  out += ",\"lag_ms\":{";
  append_number(out, "black", stored.black_lag_quota_ms);
  out += ',';
  append_number(out, "white", stored.white_lag_quota_ms);
  out += "},";
  append_color(out, "running", stored.clock.running);
  out += ',';
  append_number(out, "seq", stored.seq);
  out += ",\"system\":\"";
  out += to_string(stored.clock.system);
  out += "\",";
  append_side(out, "white", stored.clock.white);
  out += '}';
  return out;
}

Expected<StoredClock, std::string> decode_clock_state(std::string_view text) {
  try {
    const auto j = nlohmann::json::parse(text);
    StoredClock out;
    auto system = parse_time_system(j.at("system").get<std::string>());
    if (!system) return unexpected(std::string("clock_state: unknown time system"));
    out.clock.system = *system;
    out.clock.black = side_from(j.at("black"));
    out.clock.white = side_from(j.at("white"));
    out.clock.running = color_from(j.at("running"));
    out.clock.flagged = color_from(j.at("flagged"));
    out.black_lag_quota_ms = j.at("lag_ms").at("black").get<std::int64_t>();
    out.white_lag_quota_ms = j.at("lag_ms").at("white").get<std::int64_t>();
    out.seq = j.at("seq").get<std::int64_t>();
    return out;
  } catch (const std::exception& error) {
    return unexpected("clock_state: " + std::string(error.what()));
  }
}

std::string initial_clock_state(const GameSettings& settings) {
  const TimeControl& control = settings.time;
  StoredClock stored;
  stored.clock.system = control.system;
  stored.clock.black = clock::initial_side_time(control);
  stored.clock.white = stored.clock.black;
  stored.clock.running = settings.handicap >= 2 ? engine::Color::white : engine::Color::black;
  stored.black_lag_quota_ms = clock::lag_quota_per_game_ms;
  stored.white_lag_quota_ms = clock::lag_quota_per_game_ms;
  stored.seq = 1;
  return encode_clock_state(stored);
}

}  // namespace yunzi::game
