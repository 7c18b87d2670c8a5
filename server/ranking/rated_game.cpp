#include "server/ranking/rated_game.hpp"

#include <array>
#include <utility>

namespace yunzi::ranking {

namespace {
constexpr std::array<std::pair<ChangeReason, std::string_view>, 6> reason_names{{
    {ChangeReason::promotion, "promotion"},
    {ChangeReason::demotion, "demotion"},
    {ChangeReason::admin, "admin"},
    {ChangeReason::recommendation, "recommendation"},
    {ChangeReason::revocation, "revocation"},
    {ChangeReason::annulment, "annulment"},
}};
}  // namespace

std::string_view to_string(ChangeReason reason) {
  for (const auto& [value, name] : reason_names) {
    if (value == reason) return name;
  }
  return "admin";
}

std::optional<ChangeReason> parse_change_reason(std::string_view text) {
  for (const auto& [value, name] : reason_names) {
    if (name == text) return value;
  }
  return std::nullopt;
}

}  // namespace yunzi::ranking
