// Rated games between Players: the settings the rank rules accept, a
// challenge accepted into a rated game (colours by nigiri), and a game ended
// by resignation at once, so that a test can play a rank block in seconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"

namespace yunzi::e2e {

// 19x19, even, komi 7.5, byo-yomi, situational superko: what the rank rules accept as rated.
Json rated_settings();

struct RatedGame {
  std::int64_t game = 0;
  Json end;  // game.end as the winner saw it
};

// `challenger` offers `opponent` a rated game, which is accepted; both
// players must get game.start. Returns the game.start event.
Json start_rated_game(Player& challenger, Player& opponent);

// A rated game as above; as soon as it starts the player who is not `winner`
// resigns. Both players must get the same game.end.
RatedGame play_rated_win(Player& challenger, Player& opponent, Player& winner);

// The same, but first the moves are played in turn from Black ("pass" for a
// pass), whichever player the draw made Black.
RatedGame play_rated_moves_then_resign(Player& challenger, Player& opponent, Player& winner,
                                       const std::vector<std::string>& moves);

// The game.end names one rank change: `name` promoted from `from` to `to` by `game`.
void check_promotion(const Json& game_end, const std::string& name, const std::string& from, const std::string& to,
                     std::int64_t game);

}  // namespace yunzi::e2e
