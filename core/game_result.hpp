// How a game ended and who won: the one result type of the rules, the room,
// rank keeping, tournaments, the store and the bot. The wire and SGF keep
// their texts ("B+R", "W+3.5", "0", "Void"); each layer spells a result with
// to_sgf / to_string at its own edge and reads one back with
// parse_sgf_result / parse_end_reason.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/color.hpp"

namespace yunzi {

enum class EndReason : std::uint8_t { resignation, time, count, forfeit, aborted };
// "resignation", "time", "count", "forfeit", "aborted": the spelling of the
// wire (game.end `reason`) and of the store.
std::string_view to_string(EndReason reason);
std::optional<EndReason> parse_end_reason(std::string_view text);

struct GameResult {
  // Empty for a drawn count (jigo) and for an aborted game.
  std::optional<Color> winner;
  EndReason how = EndReason::count;
  // A count's margin in points, from the winner's side (0 for a draw and
  // for every game not decided by counting).
  double margin = 0;

  bool lost_by(Color c) const { return winner && *winner != c; }
  friend bool operator==(const GameResult&, const GameResult&) = default;
};

// A count whose margin is black_margin from Black's side (> 0: Black wins).
// Margins are multiples of a half point unless komi is odd; the margin is
// rounded to a hundredth first so floating noise never decides the winner.
GameResult counted_result(double black_margin);
// A win by resignation, time or forfeit.
GameResult win_by(Color winner, EndReason how);
// A game that ended before it began, with no winner.
GameResult aborted_result();

// "B+R", "W+T", "B+F", "B+3.5", "W+12.25", "0", "Void": margins without
// trailing zeros.
std::string to_sgf(const GameResult& result);
// Reads the forms to_sgf writes, and SGF's long spellings ("B+Resign",
// "W+Time", "B+Forfeit", "Draw"). Nullopt for anything else, including an
// unknown result ("?") and a win without its reason ("B+").
std::optional<GameResult> parse_sgf_result(std::string_view text);

}  // namespace yunzi
