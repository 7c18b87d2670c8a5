// The finished games of a yunzi database, for the miner: every ended game that was not annulled, with an id
// above a given one, read a page at a time through a read-only connection (SQLite or PostgreSQL), so that an
// operator can mine what was played since the last run while the server runs.
#pragma once

#include <functional>
#include <string>

#include "core/expected.hpp"
#include "core/ids.hpp"
#include "engine/sgf_record.hpp"

namespace yunzi::problems {

// Calls `visit` with each game's id and record, oldest first, until it returns false. The error names what failed.
Expected<Done, std::string> for_each_finished_game(const std::string& database_url, GameId after,
                                                   const std::function<bool(GameId, const engine::SgfRecord&)>& visit);

}  // namespace yunzi::problems
