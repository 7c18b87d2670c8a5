// The lobby.watch reply and its largest size. Every open seek is listed (the
// lobby holds at most LobbyLimits::seeks_max); users and games up to
// LobbyLimits::list_max each, with `users_total` and `games_total` saying how
// many there are; the chat's newest LobbyLimits::chat_history lines. So the largest reply follows from the limits
// alone, and the server refuses to start with limits whose largest reply would not fit half of a connection's outgoing
// queue (the other half is for the events queued behind it).
#pragma once

#include <cstddef>
#include <string>

#include "core/expected.hpp"
#include "protocol/lobby_messages.hpp"
#include "server/lobby/lobby_limits.hpp"

namespace yunzi::lobby {

// Users and games at most list_max, every open seek, chat lines at most chat_history;
// encoded by protocol::reply_lobby_snapshot.
using protocol::LobbySnapshot;

// The bytes of the reply with every list full of the widest entries the
// protocol allows (names of 20 four-byte characters, every number at its
// type's largest).
std::size_t largest_snapshot_bytes(const LobbyLimits& limits);

// An error naming the sizes when the largest reply exceeds half of
// outgoing_queue_bytes.
Expected<Done, std::string> check_snapshot_fits(const LobbyLimits& limits, std::size_t outgoing_queue_bytes);

}  // namespace yunzi::lobby
