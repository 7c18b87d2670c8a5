// Ranks and roles as they are spelled on the wire: "18k".."1k", "1d".."9d"
// (index 1..27, the TOM order), and "user"/"bot"/"admin".
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace yunzi::protocol {

struct Rank {
  int index = 9;  // 1 = 18k, 18 = 1k, 19 = 1d, 27 = 9d

  static constexpr int lowest = 1;
  static constexpr int highest = 27;
  friend constexpr auto operator<=>(Rank, Rank) = default;
};

inline constexpr Rank rank_18k{1};
inline constexpr Rank rank_10k{9};
inline constexpr Rank rank_1k{18};
inline constexpr Rank rank_1d{19};
inline constexpr Rank rank_9d{27};

// Case-insensitive ("3D" is 3d); nullopt for anything outside 18k..9d.
std::optional<Rank> parse_rank(std::string_view text);
std::string to_string(Rank rank);  // lower case: "5k", "2d"

enum class Role { user, bot, admin };
std::string_view to_string(Role role);
std::optional<Role> parse_role(std::string_view text);

}  // namespace yunzi::protocol
