#include "tests/unit/game/room_test_support.hpp"

#include <catch2/catch.hpp>

namespace yunzi::game::testing {

RoomSetup setup_9x9(yunzi::TimeControl time, bool rated) {
  RoomSetup setup;
  setup.game = 42;
  setup.settings.size = 9;
  setup.settings.rated = rated;
  setup.settings.time = time;
  setup.black = Seat{alice_id, protocol::UserInfo{"alice", *Rank::from_index(15), Role::user}};
  setup.white = Seat{bob_id, protocol::UserInfo{"bob", *Rank::from_index(15), Role::user}};
  setup.started_ms = t0;
  setup.disconnect_grace_ms = 120'000;
  setup.scoring_deadline_ms = 180'000;
  return setup;
}

RoomState new_room(const RoomSetup& setup, std::int64_t now_ms) {
  auto room = RoomState::create(setup, now_ms);
  if (!room) throw std::runtime_error(room.error());
  return std::move(*room);
}

RoomRequest from(UserId user, protocol::Request request, std::int64_t id) {
  RoomRequest out;
  out.user = user;
  out.user_name = user == alice_id ? "alice" : user == bob_id ? "bob" : "carol";
  out.watching = true;
  out.request = std::move(request);
  out.id = id;
  return out;
}

RoomRequest move(UserId user, const std::string& vertex) {
  return from(user, protocol::req::GameMove{42, protocol::VertexText{vertex}});
}

RoomRequest pass(UserId user) { return from(user, protocol::req::GamePass{42}); }

RoomRequest accept_score(UserId user, const RoomState& room) {
  return from(user, protocol::req::GameScoreAccept{42, room.marking_version()});
}

nlohmann::json json_of(const protocol::Frame& frame) { return nlohmann::json::parse(*frame); }

nlohmann::json json_of(const RoomReply& reply) { return json_of(reply.frame); }

std::vector<nlohmann::json> events_of(const Outcome& out) {
  std::vector<nlohmann::json> events;
  for (const Delivery& d : out.events) events.push_back(json_of(d.frame));
  return events;
}

std::vector<std::string> types_of(const Outcome& out) {
  std::vector<std::string> types;
  for (const auto& event : events_of(out)) types.push_back(event.at("type").get<std::string>());
  return types;
}

std::string error_code(const Outcome& out) {
  const auto reply = json_of(out.reply);
  const std::string code = reply.at("type") == "error" ? reply.at("code").get<std::string>() : "";
  CHECK(code == (out.reply.error ? std::string(to_string(*out.reply.error)) : std::string()));
  return code;
}

}  // namespace yunzi::game::testing
