#include "protocol/rank.hpp"

namespace yunzi::protocol {

std::optional<Rank> parse_rank(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char suffix = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  if (digits.front() == '0') return std::nullopt;
  int number = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (suffix == 'k' || suffix == 'K') {
    if (number > 18) return std::nullopt;
    return Rank{19 - number};
  }
  if (suffix == 'd' || suffix == 'D') {
    if (number > 9) return std::nullopt;
    return Rank{18 + number};
  }
  return std::nullopt;
}

std::string to_string(Rank rank) {
  if (rank.index <= rank_1k.index) return std::to_string(19 - rank.index) + "k";
  return std::to_string(rank.index - 18) + "d";
}

std::string_view to_string(Role role) {
  switch (role) {
    case Role::bot: return "bot";
    case Role::admin: return "admin";
    case Role::user: break;
  }
  return "user";
}

std::optional<Role> parse_role(std::string_view text) {
  if (text == "user") return Role::user;
  if (text == "bot") return Role::bot;
  if (text == "admin") return Role::admin;
  return std::nullopt;
}

}  // namespace yunzi::protocol
