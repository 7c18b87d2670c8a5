// One person at the server, as a test sees it: a WebSocket connection (new after every drop), an account, requests
// that must succeed or fail, and the game events received, checked per game (Catch2 assertions fail the test).
// After a resume live events may come before the `since` replay, so repeated identical frames and gaps a replay or
// a state snapshot fills are fine; an error is a seq missing for good, one seq with two different frames, or a live
// seq that repeats or comes out of order.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/client/ws_client.hpp"

namespace yunzi::e2e {

using Json = nlohmann::json;
using namespace std::chrono_literals;

class Player {
 public:
  Player(std::uint16_t port, std::string name, std::string password = "correct-horse");

  const std::string& name() const { return name_; }
  const std::string& password() const { return password_; }
  const std::string& token() const { return token_; }
  void set_port(std::uint16_t port) { port_ = port; }

  // A new connection (the old one, if any, is dropped first).
  void connect();
  // The socket ends at once, without a close handshake: a lost connection.
  void drop();
  client::WsClient& ws();

  // Sends the request with a fresh id and returns the reply; frames that
  // arrive meanwhile are kept in order.
  Json call(Json request, std::chrono::milliseconds timeout = 10s);
  // The two halves of call(), for requests sent together before any reply.
  std::int64_t send(Json request);
  Json reply_to(std::int64_t id, std::chrono::milliseconds timeout = 10s);
  // The reply must be ok / must be an error (returned whole: code, message).
  Json ok(Json request);
  Json fails(Json request);

  Json register_account(const std::string& rank = "5k");  // keeps the token
  Json login();                                           // keeps the token
  Json resume();

  // The first frame of that type (satisfying the predicate) that is queued
  // or arrives in time; it is taken out of the queue.
  Json wait_event(const std::string& type, const std::function<bool(const Json&)>& predicate = {},
                  std::chrono::milliseconds timeout = 10s);
  Json wait_game_event(std::int64_t game, const std::string& type, std::chrono::milliseconds timeout = 10s);
  // True when no frame of that type is queued or arrives within the time.
  bool no_event(const std::string& type, std::chrono::milliseconds wait);
  // Frames received and not yet taken.
  std::vector<Json> queued_frames();

  // game.watch; a `state` reply or the replayed `events` anchor the seq check.
  Json watch(std::int64_t game, std::optional<std::int64_t> since = std::nullopt);

  // Every numbered event of the game received so far, in seq order, as sent.
  std::vector<Json> history(std::int64_t game) const;
  // The highest seq received or covered by a snapshot.
  std::int64_t last_seq(std::int64_t game) const;
  // Everything wrong with the numbering so far, over all games.
  std::vector<std::string> seq_errors() const;

 private:
  // Reads one frame into the queue; false when none came in time.
  bool pump(std::chrono::steady_clock::time_point deadline);
  void note_game_event(const Json& event, bool replayed);

  struct GameLog {
    std::map<std::int64_t, Json> events;
    std::int64_t snapshot_seq = 0;  // a state snapshot covers every seq up to here
    std::int64_t last = 0;
  };

  std::uint16_t port_;
  std::string name_, password_, token_;
  std::unique_ptr<client::WsClient> ws_;
  std::int64_t next_id_ = 1;
  std::deque<Json> inbox_;
  std::map<std::int64_t, Json> replies_;
  std::map<std::int64_t, GameLog> games_;
  std::vector<std::string> arrival_errors_;
};

// A short text listing the types of the frames, for failure messages.
std::string describe_types(const std::vector<Json>& frames);

}  // namespace yunzi::e2e
