// How a game's result is kept in the games table: `result` holds its SGF
// text ("B+R", "W+3.5", "0", "Void"), `reason` how the game ended
// ("resignation", "count", ...) and `winner` 'black', 'white' or NULL (a
// draw, a void game), which the win/loss counts read.
#pragma once

#include <optional>
#include <string>

#include "core/game_result.hpp"

namespace yunzi::db {

// The `winner` column: "black", "white", or none (NULL).
std::optional<std::string> winner_column(const GameResult& result);
// The result read back from the `result` column. The SGF text names the
// winner, how the game ended and a count's margin; none while the game is
// in play, or for a text that is no result.
std::optional<GameResult> stored_result(const std::optional<std::string>& text);

}  // namespace yunzi::db
