// Which requests need what: open to anyone, a logged-in connection, or the
// admin role (checked on the server for every admin.* request). Pure.
#pragma once

#include <cstdint>
#include <optional>

#include "protocol/requests.hpp"

namespace yunzi::app {

enum class Access { open, login, admin };

Access access_of(const protocol::Request& request);

// The game a game.* request other than watch, unwatch, sgf and estimate is about:
// those go to the game's room as they are.
std::optional<std::int64_t> room_request_game(const protocol::Request& request);

}  // namespace yunzi::app
