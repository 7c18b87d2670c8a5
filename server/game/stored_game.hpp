// Games read back from their rows: the position replayed on the engine (for
// the text diagram) and the full `state` of a game that is no longer in a
// room, so finished games open like running ones.
#pragma once

#include <string>
#include <vector>

#include "core/expected.hpp"
#include "db/records.hpp"
#include "db/stores.hpp"
#include "engine/game.hpp"
#include "protocol/payloads.hpp"

namespace yunzi::game {

struct StoredPlayers {
  protocol::UserInfo black;
  protocol::UserInfo white;
};

// The players of a stored game with the ranks it was played at and their
// current roles.
db::DbResult<StoredPlayers> stored_players(db::Stores& stores, const db::GameRecord& row);

// Plays the stored moves on a fresh engine game; moves after two passes mean
// play was resumed from scoring.
Expected<engine::Game, std::string> replay_stored_game(const db::GameWithMoves& stored);

// The `state` of a stored game with no room (it has ended): phase "ended",
// its result, a count's final marking in `dead`, the final clocks stopped,
// no spectators.
Expected<protocol::GameSnapshot, std::string> stored_game_snapshot(const db::GameWithMoves& stored,
                                                                   StoredPlayers players);

// The chat kept with a stored game; it has ended, so every line is for everyone.
std::vector<protocol::ChatLine> stored_game_chat(const db::GameWithMoves& stored);

}  // namespace yunzi::game
