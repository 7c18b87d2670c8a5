#include "tests/e2e/bot/scripted_player.hpp"

#include <catch2/catch.hpp>

#include <thread>

#include "engine/types.hpp"

namespace yunzi::bot_e2e {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

ScriptedPlayer::ScriptedPlayer(std::uint16_t port, std::string name) : port_(port), name_(std::move(name)) {}

void ScriptedPlayer::connect() {
  auto ws = client::WsClient::connect("127.0.0.1", port_);
  REQUIRE(ws.has_value());
  ws_ = std::move(*ws);
}

Json ScriptedPlayer::call(Json request) {
  auto reply = ws_->request(std::move(request), 10s);
  INFO("request failed: " << (reply ? std::string() : reply.error()));
  REQUIRE(reply.has_value());
  return *reply;
}

void ScriptedPlayer::register_account() {
  connect();
  const Json reply = call({{"type", "register"}, {"name", name_}, {"password", "random-mover"}, {"rank", "5k"}});
  REQUIRE(reply["type"] == "ok");
  token_ = reply["token"].get<std::string>();
}

void ScriptedPlayer::wait_online(const std::string& name, std::chrono::seconds limit) {
  const auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    const Json reply = call({{"type", "user.info"}, {"name", name}});
    if (reply["type"] == "ok" && reply.value("online", false)) return;
    std::this_thread::sleep_for(100ms);
  }
  FAIL(name << " did not come online");
}

Json ScriptedPlayer::challenge(const std::string& to, const Json& settings) {
  return call({{"type", "challenge"}, {"to", to}, {"settings", settings}});
}

Json ScriptedPlayer::list_bots() { return call({{"type", "bot.list"}}); }

Json ScriptedPlayer::wait_event(const std::string& type, std::chrono::seconds limit) {
  auto event = ws_->wait_for_event(type, limit);
  INFO("waiting for " << type << ": " << (event ? std::string() : event.error()));
  REQUIRE(event.has_value());
  return *event;
}

bool ScriptedPlayer::reconnect(std::chrono::seconds limit) {
  const auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    auto ws = client::WsClient::connect("127.0.0.1", port_, "/ws", 1s);
    if (ws) {
      auto reply = (*ws)->request({{"type", "resume"}, {"token", token_}}, 5s);
      if (reply && (*reply)["type"] == "ok") {
        ws_ = std::move(*ws);
        return true;
      }
    }
    std::this_thread::sleep_for(100ms);
  }
  return false;
}

std::string ScriptedPlayer::choose_move(const bot::GameTrack& track) {
  const int size = track.picture().spec.size;
  std::vector<std::string> candidates;
  for (int x = 0; x < size; ++x) {
    for (int y = 0; y < size; ++y) {
      const std::string vertex = engine::to_gtp(engine::Vertex{x, y}, size);
      if (track.stone_at(vertex) || !track.legal_for_me(vertex)) continue;
      // Filling its own eye is the one random move that loses every group.
      bool own_eye = true;
      for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
        const engine::Vertex next{x + dx, y + dy};
        if (!engine::on_board(next, size)) continue;
        if (track.stone_at(engine::to_gtp(next, size)) != track.my_color()) own_eye = false;
      }
      if (!own_eye) candidates.push_back(vertex);
    }
  }
  if (candidates.empty()) return "pass";
  return candidates[std::uniform_int_distribution<std::size_t>(0, candidates.size() - 1)(random_)];
}

PlayedGame ScriptedPlayer::play(const Json& start, int own_moves_before_passing,
                                const std::function<void(int)>& after_move, std::chrono::seconds limit,
                                std::optional<int> resign_after) {
  auto made = bot::GameTrack::from_state(start, name_);
  INFO("game.start: " << start.dump());
  REQUIRE(made.has_value());
  bot::GameTrack track = std::move(*made);
  const std::int64_t game = track.id();
  const std::string bot_color = track.my_color() == "black" ? "white" : "black";
  PlayedGame out;
  int own_moves = 0;
  std::optional<std::uint64_t> acted_version;
  std::int64_t accepted_at_seq = -1;

  // The events missed, or the whole state when the server no longer has them.
  auto catch_up_events = [&] {
    const Json reply = call({{"type", "game.watch"}, {"game", game}, {"since", track.last_seq()}});
    INFO("watch since " << track.last_seq() << ": " << reply.dump());
    REQUIRE(reply["type"] == "ok");
    if (reply.contains("state")) {
      auto fresh = bot::GameTrack::from_state(reply["state"], name_);
      REQUIRE(fresh.has_value());
      out.moves = static_cast<int>(fresh->picture().moves.size());
      track = std::move(*fresh);
      if (reply["state"].contains("result")) out.end = reply["state"];
      return;
    }
    for (const auto& event : reply.value("events", Json::array())) {
      REQUIRE(track.apply(event) != bot::EventFit::broken);
      if (event["type"] == "game.move") ++out.moves;
      if (event["type"] == "game.end") out.end = event;
    }
  };
  auto catch_up = [&] {
    ++out.reconnections;
    REQUIRE(reconnect(60s));
    catch_up_events();
    acted_version.reset();
  };

  const auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline && out.end.is_null()) {
    if (track.my_turn() && acted_version != track.version() && resign_after && own_moves >= *resign_after) {
      acted_version = track.version();
      const Json reply = call({{"type", "game.resign"}, {"game", game}});
      INFO("resign: " << reply.dump());
      REQUIRE(reply["type"] == "ok");
      continue;
    }
    if (track.my_turn() && acted_version != track.version()) {
      const auto& moves = track.picture().moves;
      const bool bot_passed = !moves.empty() && moves.back().vertex == "pass";
      const std::string move = bot_passed || own_moves >= own_moves_before_passing ? "pass" : choose_move(track);
      Json request = {{"type", move == "pass" ? "game.pass" : "game.move"}, {"game", game}};
      if (move != "pass") request["vertex"] = move;
      acted_version = track.version();
      auto reply = ws_->request(request, 10s);
      if (!reply) {
        catch_up();
        continue;
      }
      INFO("move " << move << ": " << reply->dump());
      REQUIRE((*reply)["type"] == "ok");
      if (move != "pass") ++own_moves;
    }
    if (track.phase() == "scoring" && track.accepted_by(bot_color) && !track.accepted_by(track.my_color()) &&
        accepted_at_seq != track.last_seq()) {
      accepted_at_seq = track.last_seq();
      auto reply = ws_->request(
          {{"type", "game.score.accept"}, {"game", game}, {"marking_version", track.marking_version()}}, 10s);
      if (!reply) {
        catch_up();
        continue;
      }
    }
    auto event = ws_->next_event(200ms);
    if (!event) {
      if (!ws_->is_open()) catch_up();
      continue;
    }
    if (event->contains("re")) continue;
    const std::string type = event->value("type", std::string());
    if (type == "game.chat" && event->value("from", std::string()) != name_) {
      out.bot_chat.push_back(event->value("text", std::string()));
      continue;
    }
    if (event->value("game", std::int64_t{0}) != game || !event->contains("seq")) continue;
    const bot::EventFit fit = track.apply(*event);
    INFO("event " << event->dump());
    REQUIRE(fit != bot::EventFit::broken);
    if (fit == bot::EventFit::gap) {
      catch_up_events();
      continue;
    }
    if (fit != bot::EventFit::applied) continue;
    if (type == "game.move") {
      ++out.moves;
      if (after_move) after_move(out.moves);
    }
    if (type == "game.end") out.end = *event;
  }
  INFO("the game did not end in time; moves seen: " << out.moves);
  REQUIRE(!out.end.is_null());
  return out;
}

}  // namespace yunzi::bot_e2e
