// The corpus of the GTP benchmark: random games made once from a fixed seed
// (every move legal under positional superko, no filling of one's own
// single-point eyes, two passes or 3 x area moves end a game), and the GTP
// script that replays them, one `play` per move, so an engine checks the
// legality of every move it is told.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/types.hpp"

namespace yunzi::bench {

struct CorpusGame {
  int size = 19;
  std::vector<engine::Move> moves;
};

std::vector<CorpusGame> make_corpus(int size, int games, std::uint64_t seed);

std::size_t move_count(const std::vector<CorpusGame>& corpus);

// `prelude`: engine-specific lines sent once at the start (yunzi-gtp's
// `yunzi-ko_rule positional`). Each game starts with boardsize, clear_board
// and komi; the corpus is played `repeat` times (a run long enough to time
// well); the script ends with quit.
std::string gtp_script(const std::vector<CorpusGame>& corpus, const std::vector<std::string>& prelude, int repeat = 1);

}  // namespace yunzi::bench
