#include "tools/yunzi-bot/game_track.hpp"

#include <spdlog/spdlog.h>

#include "tools/random_play/random_player.hpp"

namespace yunzi::bot {

using Json = nlohmann::json;
using engine::Color;

namespace {

Color color_of(const std::string& name) { return name == "white" ? Color::white : Color::black; }

std::set<std::string> vertex_set(const Json& list) {
  std::set<std::string> vertices;
  if (!list.is_array()) return vertices;
  for (const auto& v : list) {
    if (v.is_string()) vertices.insert(v.get<std::string>());
  }
  return vertices;
}

}  // namespace

Expected<GameTrack, std::string> GameTrack::from_state(const Json& state, const std::string& my_name) {
  try {
    GameSpec spec;
    spec.size = state.at("size").get<int>();
    spec.komi = state.at("komi").get<double>();
    spec.handicap = state.value("handicap", 0);
    spec.time = state.value("time", Json::object());
    for (const auto& stone : state.value("handicap_stones", Json::array()))
      spec.handicap_stones.push_back(stone.get<std::string>());

    // A state without `ko` is from a server that plays situational superko only.
    const KoRule ko = parse_ko_rule(state.value("ko", std::string())).value_or(KoRule::situational);
    engine::GameSetup setup;
    setup.size = spec.size;
    setup.komi = spec.komi;
    setup.ko_rule = ko;
    for (const auto& stone : spec.handicap_stones) {
      const auto vertex = engine::parse_gtp(stone, spec.size);
      if (!vertex) return unexpected("bad handicap stone " + stone);
      setup.setup_stones.push_back(engine::SetupStone{*vertex, Color::black});
    }
    setup.first_player = spec.handicap_stones.empty() ? Color::black : Color::white;
    auto game = engine::Game::create(setup);
    if (!game) return unexpected(std::string("cannot set up the game: ") + std::string(engine::describe(game.error())));

    GameTrack track(std::move(*game));
    track.id_ = state.at("game").get<std::int64_t>();
    track.last_seq_ = state.at("seq").get<std::int64_t>();
    track.spec_ = std::move(spec);
    track.ko_ = ko;
    track.rated_ = state.value("rated", false);
    const std::string black = state.at("black").at("name").get<std::string>();
    const std::string white = state.at("white").at("name").get<std::string>();
    if (black == my_name) {
      track.my_color_ = "black";
      track.opponent_ = white;
    } else if (white == my_name) {
      track.my_color_ = "white";
      track.opponent_ = black;
    } else {
      return unexpected("not a player of game " + std::to_string(track.id_));
    }
    for (const auto& move : state.value("moves", Json::array())) {
      if (track.game_.phase() == engine::Phase::scoring) track.game_.resume_play();
      if (!track.play(track.to_move(), move.get<std::string>())) {
        return unexpected("move " + move.get<std::string>() + " of game " + std::to_string(track.id_) +
                          " does not fit");
      }
    }
    track.phase_ = state.value("phase", std::string("play"));
    if (track.phase_ == "play" && track.game_.phase() == engine::Phase::scoring) track.game_.resume_play();
    track.clock_ = state.value("clock", Json::object());
    track.dead_ = vertex_set(state.value("dead", Json::array()));
    track.marking_version_ = state.value("marking_version", std::int64_t{0});
    if (state.contains("result") && state["result"].is_string()) {
      track.result_ = parse_sgf_result(state["result"].get<std::string>());
    }
    return track;
  } catch (const Json::exception& error) {
    return unexpected(std::string("malformed game state: ") + error.what());
  }
}

std::string GameTrack::to_move() const { return std::string(engine::to_string(game_.to_move())); }

Json GameTrack::my_clock() const {
  return clock_.is_object() && clock_.contains(my_color_) ? clock_[my_color_] : Json::object();
}

bool GameTrack::accepted_by(const std::string& color) const {
  return accepted_.is_object() && accepted_.value(color, false);
}

bool GameTrack::play(const std::string& color, const std::string& vertex) {
  if (vertex == "pass") {
    if (!game_.pass(color_of(color))) return false;
  } else {
    const auto point = engine::parse_gtp(vertex, spec_.size);
    if (!point || !game_.play(color_of(color), *point)) return false;
  }
  moves_.push_back(PlayedMove{color, vertex});
  ++version_;
  return true;
}

void GameTrack::resume_play() {
  if (game_.resume_play()) ++version_;
  phase_ = "play";
  dead_.clear();
  marking_version_ = 0;
  accepted_ = Json::object();
}

EventFit GameTrack::apply(const Json& event) {
  const std::int64_t seq = event.value("seq", std::int64_t{0});
  if (seq <= last_seq_) return EventFit::stale;
  if (seq > last_seq_ + 1) return EventFit::gap;
  last_seq_ = seq;
  const std::string type = event.value("type", std::string());
  if (event.contains("clock") && event["clock"].is_object()) clock_ = event["clock"];

  if (type == "game.move") {
    const std::string color = event.value("color", std::string());
    const std::string vertex = event.value("vertex", std::string());
    if (color != to_move()) {
      spdlog::warn("game {}: {} moved while the mirror expected {}", id_, color, to_move());
      return EventFit::broken;
    }
    if (!play(color, vertex)) return EventFit::broken;
    if (game_.phase() == engine::Phase::scoring) phase_ = "scoring";
  } else if (type == "game.clock") {
    // The clock starts again when play resumes from scoring.
    if (phase_ == "scoring") resume_play();
  } else if (type == "game.scoring") {
    phase_ = "scoring";
    dead_ = vertex_set(event.value("dead", Json::array()));
    marking_version_ = event.value("marking_version", std::int64_t{0});
    accepted_ = event.value("accepted", Json::object());
  } else if (type == "game.end") {
    phase_ = "ended";
    result_ = parse_sgf_result(event.value("result", std::string()));
    ++version_;
  } else if (type == "game.undone") {
    const int removed = event.value("moves_removed", 0);
    for (int i = 0; i < removed; ++i) {
      if (moves_.empty() || !game_.undo()) return EventFit::broken;
      moves_.pop_back();
    }
    ++version_;
    phase_ = "play";
  }
  return EventFit::applied;
}

std::set<std::string> GameTrack::chain_of(const std::string& vertex) const {
  std::set<std::string> stones;
  const auto point = engine::parse_gtp(vertex, spec_.size);
  if (!point) return stones;
  for (const auto& stone : game_.board().chain(*point)) stones.insert(engine::to_gtp(stone, spec_.size));
  return stones;
}

std::optional<std::string> GameTrack::stone_at(const std::string& vertex) const {
  const auto point = engine::parse_gtp(vertex, spec_.size);
  if (!point) return std::nullopt;
  const auto color = game_.board().color_at(*point);
  if (!color) return std::nullopt;
  return std::string(engine::to_string(*color));
}

bool GameTrack::legal_for_me(const std::string& vertex) const {
  if (vertex == "pass" || vertex == "resign") return true;
  const auto point = engine::parse_gtp(vertex, spec_.size);
  return point && game_.is_legal(color_of(my_color_), *point);
}

}  // namespace yunzi::bot

namespace yunzi::bot {

std::optional<std::string> GameTrack::nearby_move(std::mt19937_64& rng) const {
  // Each side's first two stones are the engine's (a loose move needs stones
  // to be near); after a pass the game is near its end, and a stray stone
  // would only drag it on.
  if (moves_.size() < 4 || moves_.back().vertex == "pass") return std::nullopt;
  const auto move = random_play::choose_nearby_move(game_, color_of(my_color_), rng);
  if (!move) return std::nullopt;
  return engine::to_gtp(*move, spec_.size);
}

}  // namespace yunzi::bot
