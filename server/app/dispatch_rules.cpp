#include "server/app/dispatch_rules.hpp"

#include <type_traits>

namespace yunzi::app {
namespace {

template <class T>
constexpr bool is_one_of_open() {
  using namespace protocol::req;
  return std::is_same_v<T, Hello> || std::is_same_v<T, Register> || std::is_same_v<T, Login> ||
         std::is_same_v<T, Resume> || std::is_same_v<T, Ping> || std::is_same_v<T, UserInfo> ||
         std::is_same_v<T, UserGames> || std::is_same_v<T, UserHistory> || std::is_same_v<T, UserSearch> ||
         std::is_same_v<T, GameWatch> || std::is_same_v<T, GameUnwatch> || std::is_same_v<T, GameSgf> ||
         std::is_same_v<T, LobbyWatch> || std::is_same_v<T, LobbyUnwatch> || std::is_same_v<T, BoardWatch> ||
         std::is_same_v<T, BoardUnwatch> || std::is_same_v<T, BoardEstimate> || std::is_same_v<T, BoardList> ||
         std::is_same_v<T, AnalysisGet> || std::is_same_v<T, BotList> || std::is_same_v<T, ProblemThemes> ||
         std::is_same_v<T, ProblemList> || std::is_same_v<T, ProblemGet> || std::is_same_v<T, ProblemStats>;
}

}  // namespace

Access access_of(const protocol::Request& request) {
  return std::visit(
      [](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (is_one_of_open<T>()) return Access::open;
        if constexpr (is_admin_request<T>() || is_admin_elsewhere<T>()) return Access::admin;
        return Access::login;
      },
      request);
}

}  // namespace yunzi::app
