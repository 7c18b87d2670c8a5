// What the pure game state asks of its room after each input: the reply to
// the requester, the database change to commit first (if any), and the
// frames to send afterwards with who should get each.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "db/records.hpp"
#include "protocol/errors.hpp"
#include "protocol/payload_json.hpp"
#include "server/game/end_facts.hpp"

namespace yunzi::game {

enum class Audience {
  everyone,    // players and spectators: every game event, players' chat
  spectators,  // spectators' chat while the game runs
  requester,   // the connection that asked
};

struct Delivery {
  Audience audience = Audience::everyone;
  protocol::Frame frame;
};

struct MoveCommit {
  db::MoveRecord move;
  std::string clock_state;
};
struct UndoCommit {
  int count = 1;
  std::string clock_state;
};
// game.end is built only once the rank changes are known, after the commit
// (RoomState::end_committed).
struct EndCommit {
  db::GameEnd end;
  GameEndFacts facts;
};
using Commit = std::variant<MoveCommit, UndoCommit, EndCommit>;

// The answer to the requester: the frame and, for an error reply, its code.
struct RoomReply {
  protocol::Frame frame;  // null for inputs without a requester (timers, presence)
  std::optional<protocol::ErrorCode> error = std::nullopt;
  explicit operator bool() const { return frame != nullptr; }
};

struct Outcome {
  RoomReply reply;
  std::optional<Commit> commit;
  std::vector<Delivery> events;
  bool lobby_changed = false;                              // move number or spectators changed
  std::optional<db::ChatRecord> chat_line = std::nullopt;  // to keep with the game (written without waiting)
};

}  // namespace yunzi::game
