#include "tests/e2e/server/player.hpp"

#include <catch2/catch.hpp>

namespace yunzi::e2e {
namespace {

using Clock = std::chrono::steady_clock;

bool is_numbered_game_event(const Json& frame) {
  return frame.is_object() && !frame.contains("re") && frame.contains("game") && frame.contains("seq") &&
         frame["game"].is_number_integer() && frame["seq"].is_number_integer();
}

}  // namespace

std::string describe_types(const std::vector<Json>& frames) {
  std::string text;
  for (const auto& frame : frames) {
    if (!text.empty()) text += ", ";
    text += frame.is_object() ? frame.value("type", std::string("?")) : std::string("non-object");
    if (frame.is_object() && frame.contains("seq")) text += "#" + frame["seq"].dump();
  }
  return text.empty() ? "nothing" : text;
}

Player::Player(std::uint16_t port, std::string name, std::string password)
    : port_(port), name_(std::move(name)), password_(std::move(password)) {
  connect();
}

void Player::connect() {
  drop();
  auto ws = client::WsClient::connect("127.0.0.1", port_);
  INFO(name_ << " connecting to port " << port_);
  REQUIRE(ws);
  ws_ = std::move(*ws);
  // Frames of the old connection that nobody took are of no use any more.
  inbox_.clear();
  replies_.clear();
}

void Player::drop() { ws_.reset(); }

client::WsClient& Player::ws() {
  REQUIRE(ws_);
  return *ws_;
}

bool Player::pump(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  auto frame = ws().next_event(std::max(left, std::chrono::milliseconds(0)));
  if (!frame) return false;
  if (frame->is_object() && frame->contains("re") && (*frame)["re"].is_number_integer()) {
    const auto re = (*frame)["re"].get<std::int64_t>();
    replies_[re] = std::move(*frame);
    return true;
  }
  if (is_numbered_game_event(*frame)) note_game_event(*frame, false);
  inbox_.push_back(std::move(*frame));
  return true;
}

void Player::note_game_event(const Json& event, bool replayed) {
  const auto game = event["game"].get<std::int64_t>();
  const auto seq = event["seq"].get<std::int64_t>();
  const std::string where = name_ + ": game " + std::to_string(game) + " " + event.value("type", "?") + " seq " +
                            std::to_string(seq) + (replayed ? " (replayed)" : "");
  GameLog& log = games_[game];
  const auto note_if_out_of_order = [&] {
    if (!replayed && seq < log.last) {
      arrival_errors_.push_back(where + " came live after seq " + std::to_string(log.last));
    }
  };
  // game.start carries the whole state as of its seq: past a remote join, or sent again to a connection that
  // follows the game where it runs now, it comes at a later seq or at the seq of the last event it includes.
  if (event.value("type", "") == "game.start") {
    note_if_out_of_order();
    log.snapshot_seq = std::max(log.snapshot_seq, seq);
    log.last = std::max(log.last, seq);
    log.events.try_emplace(seq, event);
    return;
  }
  if (auto known = log.events.find(seq); known != log.events.end()) {
    if (known->second != event) arrival_errors_.push_back(where + " differs from the frame received before");
    if (!replayed) arrival_errors_.push_back(where + " came live twice");
    return;
  }
  note_if_out_of_order();
  log.events.emplace(seq, event);
  log.last = std::max(log.last, seq);
}

Json Player::call(Json request, std::chrono::milliseconds timeout) {
  return reply_to(send(std::move(request)), timeout);
}

std::int64_t Player::send(Json request) {
  const std::int64_t id = next_id_++;
  request["id"] = id;
  INFO(name_ << " sends " << request.dump());
  auto sent = ws().send_json(request);
  if (!sent) FAIL("send failed: " << sent.error());
  return id;
}

Json Player::reply_to(std::int64_t id, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (replies_.count(id) == 0) {
    if (!pump(deadline)) {
      FAIL("no reply within " << timeout.count() << " ms; connection "
                              << (ws().is_open() ? "open" : "closed with " + std::to_string(ws().close_info()->code))
                              << "; queued: " << describe_types(queued_frames()));
    }
  }
  Json reply = std::move(replies_[id]);
  replies_.erase(id);
  return reply;
}

Json Player::ok(Json request) {
  const std::string sent = request.dump();
  Json reply = call(std::move(request));
  INFO(name_ << " sent " << sent << " and got " << reply.dump());
  CHECK(reply.value("type", "") == "ok");
  return reply;
}

Json Player::fails(Json request) {
  const std::string sent = request.dump();
  Json reply = call(std::move(request));
  INFO(name_ << " sent " << sent << " and got " << reply.dump());
  CHECK(reply.value("type", "") == "error");
  CHECK(reply.contains("code"));
  CHECK(reply.contains("message"));
  return reply;
}

Json Player::register_account(const std::string& rank) {
  Json reply = ok({{"type", "register"}, {"name", name_}, {"password", password_}, {"rank", rank}});
  REQUIRE(reply.contains("token"));
  token_ = reply["token"].get<std::string>();
  return reply;
}

Json Player::login() {
  Json reply = ok({{"type", "login"}, {"name", name_}, {"password", password_}});
  REQUIRE(reply.contains("token"));
  token_ = reply["token"].get<std::string>();
  return reply;
}

Json Player::resume() { return ok({{"type", "resume"}, {"token", token_}}); }

Json Player::wait_event(const std::string& type, const std::function<bool(const Json&)>& predicate,
                        std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  std::size_t checked = 0;
  for (;;) {
    for (; checked < inbox_.size(); ++checked) {
      const Json& frame = inbox_[checked];
      if (!frame.is_object() || frame.value("type", "") != type) continue;
      if (predicate && !predicate(frame)) continue;
      Json found = frame;
      inbox_.erase(inbox_.begin() + static_cast<std::ptrdiff_t>(checked));
      return found;
    }
    if (!pump(deadline)) {
      FAIL(name_ << ": no '" << type << "' within " << timeout.count() << " ms; connection "
                 << (ws().is_open() ? "open" : "closed with " + std::to_string(ws().close_info()->code))
                 << "; queued: " << describe_types(queued_frames()));
    }
  }
}

Json Player::wait_game_event(std::int64_t game, const std::string& type, std::chrono::milliseconds timeout) {
  return wait_event(
      type, [game](const Json& e) { return e.value("game", std::int64_t{0}) == game; }, timeout);
}

bool Player::no_event(const std::string& type, std::chrono::milliseconds wait) {
  const auto deadline = Clock::now() + wait;
  while (pump(deadline)) {
  }
  for (const auto& frame : inbox_) {
    if (frame.is_object() && frame.value("type", "") == type) return false;
  }
  return true;
}

std::vector<Json> Player::queued_frames() { return {inbox_.begin(), inbox_.end()}; }

Json Player::watch(std::int64_t game, std::optional<std::int64_t> since) {
  Json request = {{"type", "game.watch"}, {"game", game}};
  if (since) request["since"] = *since;
  Json reply = ok(request);
  if (reply.contains("state")) {
    REQUIRE(reply["state"].contains("seq"));
    const auto seq = reply["state"]["seq"].get<std::int64_t>();
    GameLog& log = games_[game];
    log.snapshot_seq = std::max(log.snapshot_seq, seq);
    log.last = std::max(log.last, seq);
  } else if (reply.contains("events")) {
    REQUIRE(since.has_value());
    // Asking `since` says everything up to it is known already.
    GameLog& log = games_[game];
    log.snapshot_seq = std::max(log.snapshot_seq, *since);
    log.last = std::max(log.last, *since);
    for (const auto& event : reply["events"]) {
      if (is_numbered_game_event(event)) {
        note_game_event(event, true);
      } else {
        arrival_errors_.push_back(name_ + ": a replayed event without game and seq: " + event.dump());
      }
    }
  } else {
    FAIL("game.watch reply without state or events: " << reply.dump());
  }
  return reply;
}

std::vector<Json> Player::history(std::int64_t game) const {
  std::vector<Json> out;
  if (auto log = games_.find(game); log != games_.end()) {
    for (const auto& [seq, event] : log->second.events) out.push_back(event);
  }
  return out;
}

std::int64_t Player::last_seq(std::int64_t game) const {
  auto log = games_.find(game);
  return log == games_.end() ? 0 : log->second.last;
}

std::vector<std::string> Player::seq_errors() const {
  std::vector<std::string> errors = arrival_errors_;
  for (const auto& [game, log] : games_) {
    for (std::int64_t seq = log.snapshot_seq + 1; seq <= log.last; ++seq) {
      if (log.events.count(seq) == 0) {
        errors.push_back(name_ + ": game " + std::to_string(game) + " seq " + std::to_string(seq) + " never came");
      }
    }
  }
  return errors;
}

}  // namespace yunzi::e2e
