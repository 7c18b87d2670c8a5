// Shared helpers of the game room tests: a two-player setup, requests from
// either player, and frames read back as JSON.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/game/room_state.hpp"

namespace yunzi::game::testing {

inline constexpr UserId alice_id = 1;  // Black
inline constexpr UserId bob_id = 2;    // White
inline constexpr UserId carol_id = 3;  // a spectator
inline constexpr std::int64_t t0 = 1'700'000'000'000;

RoomSetup setup_9x9(yunzi::TimeControl time = yunzi::TimeControl::none(), bool rated = false);
RoomState new_room(const RoomSetup& setup, std::int64_t now_ms = t0);

RoomRequest from(UserId user, protocol::Request request, std::int64_t id = 1);
RoomRequest move(UserId user, const std::string& vertex);
RoomRequest pass(UserId user);
// game.score.accept of the marking the room holds now.
RoomRequest accept_score(UserId user, const RoomState& room);

nlohmann::json json_of(const protocol::Frame& frame);
nlohmann::json json_of(const RoomReply& reply);
std::vector<nlohmann::json> events_of(const Outcome& out);
// The `type` of each event, in order.
std::vector<std::string> types_of(const Outcome& out);
// The code of an error reply, "" for ok; checks that the reply names the
// same code to its Responder as its frame does.
std::string error_code(const Outcome& out);

}  // namespace yunzi::game::testing
