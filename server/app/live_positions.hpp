// The positions of the games a user is playing, as the players were last
// told of them (every move is stored before it is broadcast), read on a
// reader thread: what an analysis board or an estimate is checked against
// so that nobody gets help with their own game while it is played
// (server/boards/live_copy.hpp).
#pragma once

#include <functional>
#include <vector>

#include "server/app/call.hpp"
#include "server/boards/live_copy.hpp"

namespace yunzi::app {

using LivePositions = std::vector<boards::LivePosition>;

// Reads the positions of the games `call`'s user plays (none for a visitor)
// and hands them to `then` on the call's strand; a failed read is answered
// `internal` here.
void with_live_positions(const Call& call, std::function<void(const Call&, const LivePositions&)> then);

}  // namespace yunzi::app
