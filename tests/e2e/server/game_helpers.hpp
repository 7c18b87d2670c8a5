// Game set-up and play between Players: a friendly challenge accepted by the
// opponent (the challenger takes black), moves played in turn with every
// watcher seeing each game.move, and the fixed 9x9 record the long tests
// play to a count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"

namespace yunzi::e2e {

// Friendly 9x9 settings; `time` defaults to no clock so that nothing but the
// test moves the game on.
Json friendly_settings(Json time = Json{{"system", "none"}});

// `black` challenges `white` with the settings (color black); `white`
// accepts. Both must get game.start (seq 1) naming them in their colours.
std::int64_t start_game(Player& black, Player& white, Json settings = friendly_settings());

// Plays the moves ("pass" for a pass) in turn starting with `first_color`
// ("black"/"white"); after each, every watcher must get the game.move with
// that colour, vertex and move number. Returns the game.move events as the
// first watcher saw them.
std::vector<Json> play_moves(Player& black, Player& white, std::int64_t game, const std::vector<std::string>& moves,
                             const std::vector<Player*>& watchers, int first_move_number = 1,
                             const std::string& first_color = "black");

// A game that ends with two passes: Black walls off the first
// `black_columns` columns, White the rest, then each side drops one stone
// into the other's area (column B and the next-to-last column), where it is
// dead. Counted with those two stones dead, each side has its columns.
struct CountedRecord {
  int size = 9;
  std::vector<std::string> moves;
  std::string dead_white_stone;  // Black marks it
  std::string dead_black_stone;  // White marks it
};
CountedRecord walled_record(int size, int black_columns);
// The 9x9 walled record with Black's wall on E: Black 45, White 36, komi 7.5.
const CountedRecord& counted_record();
// The result the rules engine gives for the record with its dead stones.
std::string engine_result(const CountedRecord& record, double komi);

// Resigns `game` for `player`. A game created by the server (a tournament
// round) is named in replies a moment before its room is live, when a
// resignation gets not_found: this asks again until the room answers.
void resign_once_live(Player& player, std::int64_t game);

// The vertices of a JSON array (a marking's `dead`), sorted, to compare
// markings whatever order the server lists them in.
std::vector<std::string> sorted_vertices(const Json& array);

}  // namespace yunzi::e2e
