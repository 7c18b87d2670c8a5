// The plain data the rank rules read and write: one rated game as one player
// saw it, and one rank change. The server fills these from its records; times
// are UTC seconds since 1970 and are always passed in, never read from a clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/ids.hpp"
#include "server/ranking/rank.hpp"

namespace yunzi::ranking {

using UnixSeconds = std::int64_t;

enum class Outcome : std::uint8_t { win, loss, draw, voided };

struct RatedGame {
  GameId id = 0;
  UserId opponent = 0;
  Rank opponent_rank;  // the opponent's rank when the game started
  Outcome outcome = Outcome::loss;
  bool gave_rang_xian = false;  // this player was the stronger one in a 让先 game
  bool converted = false;       // turned friendly by the validity rule
  bool annulled = false;        // turned friendly by an admin
  int move_count = 0;
  UnixSeconds finished_at = 0;
};

// Extra promotion points for a place in a tournament (the association's
// promotion tournament): they raise the player's promotion average at the
// rank they were won at.
struct BonusAward {
  int points = 0;
  UnixSeconds awarded_at = 0;
};

// Decisive and still rated: the games that fill a block.
constexpr bool is_counted(const RatedGame& game) {
  return (game.outcome == Outcome::win || game.outcome == Outcome::loss) && !game.converted && !game.annulled;
}
constexpr bool is_counted_win(const RatedGame& game) { return is_counted(game) && game.outcome == Outcome::win; }

enum class ChangeReason : std::uint8_t { promotion, demotion, admin, recommendation, revocation, annulment };
std::string_view to_string(ChangeReason reason);  // "promotion", "demotion", ...
std::optional<ChangeReason> parse_change_reason(std::string_view text);

struct RankChange {
  Rank from;
  Rank to;
  ChangeReason reason = ChangeReason::promotion;
  std::optional<GameId> game;  // the game after which the change takes effect, if a game caused it
  friend bool operator==(const RankChange&, const RankChange&) = default;
};

}  // namespace yunzi::ranking
