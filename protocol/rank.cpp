#include "protocol/rank.hpp"

#include "engine/rank_spelling.hpp"

namespace yunzi::protocol {

std::optional<Rank> parse_rank(std::string_view text) {
  if (auto index = engine::parse_rank_spelling(text)) return Rank{*index};
  return std::nullopt;
}

std::string to_string(Rank rank) { return engine::rank_spelling(rank.index); }

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
