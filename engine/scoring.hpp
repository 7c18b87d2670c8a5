// Area counting under the Chinese rules: remove the stones marked dead, then
// each colour owns its stones plus the empty regions only its stones reach;
// regions reached by both colours (dame, shared liberties in seki) are split
// half and half. White receives N points for N >= 2 handicap stones.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game_result.hpp"
#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

class Game;

struct Score {
  double black_area = 0;
  double white_area = 0;
  // black_area - white_area - komi - handicap compensation; > 0: Black wins.
  double margin = 0;
  GameResult result;  // counted_result(margin): to_sgf gives "B+7.5", "W+0.5", "0"
};

enum class ScoreError : std::uint8_t {
  dead_point_off_board,
  dead_point_empty,  // a point marked dead holds no stone
};
std::string_view to_string(ScoreError error);
std::string_view describe(ScoreError error);

// Points White receives for `handicap` fixed stones (0 for 0 and 1).
int handicap_compensation(int handicap);

Expected<Score, ScoreError> score_area(const Board& board, const std::vector<Vertex>& dead_stones, double komi,
                                       int handicap);
// The points each colour owns besides its live stones under this count: the
// empty regions only its stones reach once the dead stones are taken off, so
// the points of the opponent's dead stones are among them (SGF TB/TW).
// Regions both colours reach belong to neither. Each list is sorted.
struct Territory {
  std::vector<Vertex> black;
  std::vector<Vertex> white;
};
Expected<Territory, ScoreError> territory(const Board& board, const std::vector<Vertex>& dead_stones);

// score_area on a game's current board with its komi and handicap.
Expected<Score, ScoreError> score_game(const Game& game, const std::vector<Vertex>& dead_stones);

// The whole chain through v, which a click on one stone marks dead together
// (empty when v is empty or off the board).
std::vector<Vertex> chain_at(const Board& board, Vertex v);

}  // namespace yunzi::engine
