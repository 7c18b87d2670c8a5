// Which requests need what: open to anyone, a logged-in connection, or the
// admin role (checked on the server for every admin.* request). Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "protocol/requests.hpp"

namespace yunzi::app {

enum class Access { open, login, admin };

// admin.*: the role is checked, then the admin handlers run.
template <class T>
constexpr bool is_admin_request() {
  return T::type.starts_with("admin.");
}

// An admin's request of another area (problem.import): the role is checked as for admin.*, then the area's
// desk handles it.
template <class T>
constexpr bool is_admin_elsewhere() {
  return std::is_same_v<T, protocol::req::ProblemImport>;
}

// Every game.* request but watch, unwatch, sgf and estimate: it goes to the game's room as it is.
template <class T>
constexpr bool is_room_request() {
  using namespace protocol::req;
  return T::type.starts_with("game.") && !std::is_same_v<T, GameWatch> && !std::is_same_v<T, GameUnwatch> &&
         !std::is_same_v<T, GameSgf> && !std::is_same_v<T, GameEstimate>;
}

Access access_of(const protocol::Request& request);

}  // namespace yunzi::app
