// A game's record over plain HTTP: GET /games/{id}.sgf (the whole record),
// /games/{id}.txt (the text diagram for forums) and /games/{id}.svg (a
// picture), the last two at any move (?move=N) with the numbers of the last
// moves if asked (?numbers=K or ?numbers=all). Games in progress are served
// as every spectator sees them, and never cached; an ended game's record no
// longer changes and may be cached for a day.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "db/read_pool.hpp"
#include "db/records.hpp"
#include "server/net/http_types.hpp"

namespace yunzi::http {

// "/games/42.sgf" -> {42, "sgf"} ("txt", "svg" alike); nullopt for anything
// else.
struct GamePath {
  GameId id = 0;
  std::string format;
};
std::optional<GamePath> parse_game_path(const std::string& path);

// What a diagram shows, from the query string.
struct DiagramRequest {
  static constexpr std::size_t all_moves = std::numeric_limits<std::size_t>::max();
  std::optional<std::size_t> move;  // the position after this many moves; none: the latest
  std::size_t numbered_moves = 0;   // numbers on this many of the last moves shown
};

// `move` is a whole number; `numbers` a whole number or "all". Other
// parameters are ignored. A malformed or repeated `move` or `numbers` gives
// the reason, for a 400 answer.
Expected<DiagramRequest, std::string> parse_diagram_query(std::string_view query);

// The position at request.move (at most the number of stored moves), after
// a line naming the players, the move shown and the result: the engine's
// text diagram. An error when the stored moves do not replay.
Expected<std::string, std::string> game_diagram(const db::GameWithMoves& game, const DiagramRequest& request = {});
// The same position as the engine's SVG picture.
Expected<std::string, std::string> game_picture(const db::GameWithMoves& game, const DiagramRequest& request = {});

// Takes GET/HEAD of a game path (true) and answers it through `respond`
// once the game is read on a reader thread; false for any other request.
bool game_record_route(db::ReadPool& reads, const net::HttpRequest& request, const net::HttpResponder& respond);

}  // namespace yunzi::http
