#include "tools/yunzi-bot/bot.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include "tools/yunzi-bot/challenge_policy.hpp"

namespace yunzi::bot {

namespace {

using Clock = std::chrono::steady_clock;

std::string name_in(const Json& object, const char* key) {
  if (!object.contains(key) || !object[key].is_object()) return "";
  return object[key].value("name", std::string());
}

std::int64_t id_of(const Json& value) { return value.is_number_integer() ? value.get<std::int64_t>() : 0; }

}  // namespace

Bot::Bot(BotConfig config, EngineProfile engine)
    : config_(std::move(config)), engine_(std::move(engine)), link_(config_) {}

int Bot::run(const std::atomic<bool>& stop) {
  Backoff backoff{Millis(config_.reconnect_max_ms)};
  auto next_attempt = Clock::now();
  bool ever_logged_in = false;
  while (!stop) {
    if (!link_.up()) {
      if (Clock::now() < next_attempt) {
        std::this_thread::sleep_for(Millis(20));
        continue;
      }
      auto in = link_.connect();
      if (!in) {
        if (!ever_logged_in && in.error().rfind("cannot log in", 0) == 0) {
          spdlog::critical("{}", in.error());
          return 1;
        }
        const Millis wait = backoff.next();
        spdlog::warn("cannot reach the server ({}); next try in {} ms", in.error(), wait.count());
        next_attempt = Clock::now() + wait;
        continue;
      }
      ever_logged_in = true;
      backoff.reset();
      my_name_ = in->user.value("name", config_.name);
      spdlog::info("logged in as {} ({}), games in progress: {}", my_name_, in->user.value("role", std::string("?")),
                   in->games.size());
      connect();
      offer_myself();
      for (const auto game : in->games) {
        if (!games_.count(game)) watch(game);
      }
      for (const auto& event : in->early_events) handle(event);
      continue;
    }
    if (auto event = link_.next_event(Millis(50))) handle(*event);
    for (auto& [id, game] : games_) game->act(link_);
    const auto before = games_.size();
    std::erase_if(games_, [](const auto& entry) { return entry.second->finished(); });
    if (games_.size() != before && link_.up()) refresh_seeks();
  }
  link_.close();
  return 0;
}

void Bot::offer_myself() {
  // Refused for an account whose role is not bot yet: it plays on unlisted.
  link_.call_ok(Json{{"type", "bot.offer"}, {"offer", offer_for(config_, engine_)}}, "offer");
}

bool Bot::connect() {
  for (auto& [id, game] : games_) game->connection_restored();
  my_seeks_.clear();
  auto lobby = link_.call(Json{{"type", "lobby.watch"}});
  if (!is_ok(lobby)) return false;
  for (const auto& seek : lobby->value("seeks", Json::array())) {
    // Seeks left from before the drop are withdrawn and posted afresh.
    if (name_in(seek, "from") == my_name_) {
      link_.call_ok(Json{{"type", "seek.cancel"}, {"seek", id_of(seek.value("id", Json()))}}, "old seek");
    } else {
      consider_seek(seek);
    }
  }
  // Games known from before the drop: fetch what happened meanwhile.
  std::vector<std::int64_t> known;
  for (const auto& [id, game] : games_) known.push_back(id);
  for (const auto id : known) watch(id);
  refresh_seeks();
  return link_.up();
}

void Bot::handle(const Json& event) {
  const std::string type = event.value("type", std::string());
  if (type.rfind("game.", 0) == 0 && event.contains("game") && event["game"].is_number_integer()) {
    handle_game_event(event["game"].get<std::int64_t>(), event);
  } else if (type == "challenge") {
    on_challenge(event.value("challenge", Json::object()));
  } else if (type == "lobby.seek") {
    consider_seek(event.value("seek", Json::object()));
  } else if (type == "lobby.seek_removed") {
    if (my_seeks_.erase(id_of(event.value("seek", Json())))) refresh_seeks();
  } else if (type == "kicked") {
    spdlog::warn("kicked by an administrator: {}", event.value("reason", std::string()));
  } else if (type == "notice") {
    spdlog::info("notice: {}", event.value("text", std::string()));
  }
}

void Bot::handle_game_event(std::int64_t game, const Json& event) {
  const std::string type = event.value("type", std::string());
  if (type == "game.chat") {
    spdlog::info("game {} chat from {}: {}", game, event.value("from", std::string()),
                 event.value("text", std::string()));
    return;
  }
  const auto it = games_.find(game);
  if (type == "game.start") {
    if (it == games_.end()) adopt(event, true);
    return;
  }
  if (it == games_.end()) return;
  const EventFit fit = it->second->on_event(event, link_);
  if (fit == EventFit::gap) {
    watch(game);
  } else if (fit == EventFit::broken) {
    spdlog::warn("game {}: event seq {} does not fit the mirror; fetching the game again", game, event.value("seq", 0));
    refetch(game);
  }
}

void Bot::refetch(std::int64_t game) {
  const auto it = games_.find(game);
  if (it == games_.end()) return;
  auto reply = link_.call(Json{{"type", "game.watch"}, {"game", game}});
  if (is_ok(reply)) replace(game, reply->value("state", Json::object()));
}

void Bot::replace(std::int64_t game, const Json& state) {
  const auto it = games_.find(game);
  if (it == games_.end()) return;
  auto track = GameTrack::from_state(state, my_name_);
  if (!track) {
    spdlog::warn("game {}: {}", game, track.error());
    return;
  }
  spdlog::info("game {}: state taken afresh at seq {}", game, track->last_seq());
  it->second->replace_track(std::move(*track));
}

void Bot::watch(std::int64_t game, bool greet) {
  const auto it = games_.find(game);
  Json request{{"type", "game.watch"}, {"game", game}};
  if (it != games_.end()) request["since"] = it->second->track().last_seq();
  auto reply = link_.call(request);
  if (!reply) return;
  if (!is_ok(reply)) {
    spdlog::warn("game {}: watch refused: {}", game, reply->value("message", std::string()));
    if (it == games_.end()) return;
    if (reply->value("code", std::string()) == "not_found") {
      games_.erase(it);
    } else {
      refetch(game);
    }
    return;
  }
  if (it == games_.end()) {
    adopt(reply->value("state", Json::object()), greet);
    return;
  }
  // A server that no longer holds the events since then (it restarted)
  // answers with the whole state instead.
  if (reply->contains("state")) {
    replace(game, (*reply)["state"]);
    return;
  }
  for (const auto& event : reply->value("events", Json::array())) {
    if (it->second->on_event(event, link_) == EventFit::broken) return refetch(game);
  }
}

void Bot::adopt(const Json& state, bool greet) {
  auto track = GameTrack::from_state(state, my_name_);
  if (!track) {
    spdlog::warn("cannot follow a game: {}", track.error());
    return;
  }
  if (track->phase() == "ended") return;
  const auto id = track->id();
  spdlog::info("game {}: playing {} against {} ({}x{}, {})", id, track->my_color(), track->opponent_name(),
               track->picture().spec.size, track->picture().spec.size, track->rated() ? "rated" : "friendly");
  games_[id] = std::make_unique<GameDriver>(std::move(*track), config_, engine_.speed,
                                            greet ? greeting_for(config_, engine_.name) : std::string());
  refresh_seeks();
}

void Bot::on_challenge(const Json& challenge) {
  const std::int64_t id = id_of(challenge.value("id", Json()));
  const std::string from = name_in(challenge, "from");
  // The same challenge may come on the login connection and the working one.
  if (id == 0 || from == my_name_ || !challenges_seen_.insert(id).second) return;
  const auto reason =
      refusal_reason(config_, challenge.value("settings", Json::object()), games_in_progress(), engine_.speed);
  if (reason) {
    spdlog::info("declining challenge {} from {}: {}", id, from, *reason);
    // The server passes the reason on to the challenger in challenge.declined.
    link_.call_ok(Json{{"type", "challenge.decline"}, {"challenge", id}, {"reason", *reason}},
                  "challenge from " + from);
    return;
  }
  auto reply = link_.call(Json{{"type", "challenge.accept"}, {"challenge", id}});
  if (!is_ok(reply)) {
    if (reply)
      spdlog::warn("challenge {} from {}: accept refused: {}", id, from, reply->value("message", std::string()));
    return;
  }
  const std::int64_t game = id_of(reply->value("game", Json()));
  spdlog::info("accepted challenge {} from {}: game {}", id, from, game);
  if (game != 0 && !games_.count(game)) watch(game, true);
}

void Bot::consider_seek(const Json& seek) {
  const std::int64_t id = id_of(seek.value("id", Json()));
  if (!config_.accept_seeks || id == 0 || name_in(seek, "from") == my_name_ || !seeks_tried_.insert(id).second) return;
  if (refusal_reason(config_, seek.value("settings", Json::object()), games_in_progress(), engine_.speed)) return;
  auto reply = link_.call(Json{{"type", "seek.accept"}, {"seek", id}});
  if (!is_ok(reply)) return;
  const std::int64_t game = id_of(reply->value("game", Json()));
  spdlog::info("accepted the seek {} of {}: game {}", id, name_in(seek, "from"), game);
  if (game != 0 && !games_.count(game)) watch(game, true);
}

void Bot::refresh_seeks() {
  if (config_.seeks.empty() || !link_.up()) return;
  if (games_in_progress() >= config_.max_games) {
    for (const auto& [id, index] : my_seeks_) link_.call_ok(Json{{"type", "seek.cancel"}, {"seek", id}}, "full");
    my_seeks_.clear();
    return;
  }
  for (std::size_t index = 0; index < config_.seeks.size(); ++index) {
    const bool posted =
        std::any_of(my_seeks_.begin(), my_seeks_.end(), [&](const auto& entry) { return entry.second == index; });
    if (posted || seeks_refused_.count(index)) continue;
    auto reply = link_.call(Json{{"type", "seek.create"}, {"settings", config_.seeks[index]}});
    if (!reply) return;
    if (!is_ok(reply)) {
      spdlog::error("seek {} refused, not posted again: {}", config_.seeks[index].dump(),
                    reply->value("message", std::string()));
      seeks_refused_.insert(index);
      continue;
    }
    my_seeks_[id_of(reply->value("seek", Json::object()).value("id", Json()))] = index;
  }
}

int Bot::games_in_progress() const {
  int count = 0;
  for (const auto& [id, game] : games_) count += game->track().phase() != "ended" ? 1 : 0;
  return count;
}

}  // namespace yunzi::bot
