// A stored game (in progress or ended) as SGF text, built from its rows by
// the engine's SGF writer: players and ranks, date, RU[Chinese], komi,
// handicap stones, TM/OT from the clock settings, every move with the
// mover's time left (BL/WL, OB/OW), the result once there is one, and a
// counted game's territory (TB/TW, from its final marking) in the last node.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

// `notes`: a comment for each position (0: the start, then after each
// move), as a review gives them; none by default.
std::string game_sgf(const GameWithMoves& game, const std::vector<std::string>& notes = {});

// nullopt for an unknown game id.
DbResult<std::optional<std::string>> load_game_sgf(GameStore& games, GameId id);

}  // namespace yunzi::db
