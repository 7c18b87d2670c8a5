// The admins' review list of short rated games ("短手数（100手以内）"): every
// player with 3 or more flagged games that no admin has annulled or kept,
// whatever happened to the player's rank since, paged by name; and an
// admin keeping a player's games as played. The listing runs on a read
// connection, keeping on the writer thread.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"

namespace yunzi::ranking_service {

struct ReviewPage {
  std::vector<protocol::ReviewEntry> players;
  std::optional<std::string> next;  // the last player's name when more follow
};

// Up to `limit` players after the name key `after` ("" for the first page), in order of name key.
db::DbResult<ReviewPage> review_page(db::Stores& stores, const std::string& after, int limit);

struct KeptGames {
  db::UserRecord user;
  std::vector<GameId> games;
};

// Marks `games` (absent: every short game of the user awaiting review) as
// reviewed and kept for that user. not_found for an unknown user or game;
// conflict for a game that is not a short game of the user awaiting review,
// or when none awaits.
db::DbResult<KeptGames> keep_short_games(db::Stores& stores, const std::string& name_key,
                                         const std::optional<std::vector<GameId>>& games, UserId admin, TimeMs now);

}  // namespace yunzi::ranking_service
