#include "bench/gtp/gtp_corpus.hpp"

#include <random>

#include "engine/game.hpp"
#include "tools/random_play/random_player.hpp"

namespace yunzi::bench {

std::vector<CorpusGame> make_corpus(int size, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<CorpusGame> corpus;
  engine::GameSetup setup;
  setup.size = size;
  setup.ko_rule = KoRule::positional;
  const std::size_t longest = static_cast<std::size_t>(3 * size * size);
  for (int i = 0; i < games; ++i) {
    auto game = engine::Game::create(setup);
    CorpusGame played{size, {}};
    int passes = 0;
    while (passes < 2 && played.moves.size() < longest) {
      const engine::Color color = game->to_move();
      if (auto vertex = random_play::choose_random_move(*game, color, rng)) {
        if (!game->play(color, *vertex)) break;  // cannot happen: the move was chosen among the legal ones
        played.moves.push_back(engine::Move{color, *vertex});
        passes = 0;
      } else {
        if (!game->pass(color)) break;
        played.moves.push_back(engine::Move{color, std::nullopt});
        ++passes;
      }
    }
    corpus.push_back(std::move(played));
  }
  return corpus;
}

std::size_t move_count(const std::vector<CorpusGame>& corpus) {
  std::size_t count = 0;
  for (const CorpusGame& game : corpus) count += game.moves.size();
  return count;
}

std::string gtp_script(const std::vector<CorpusGame>& corpus, const std::vector<std::string>& prelude, int repeat) {
  std::string script;
  for (const std::string& line : prelude) script += line + "\n";
  for (int round = 0; round < repeat; ++round) {
    for (const CorpusGame& game : corpus) {
      script += "boardsize " + std::to_string(game.size) + "\nclear_board\nkomi 7.5\n";
      for (const engine::Move& move : game.moves) {
        script += move.color == engine::Color::black ? "play b " : "play w ";
        script += move.vertex ? engine::to_gtp(*move.vertex, game.size) : std::string("pass");
        script += '\n';
      }
    }
  }
  script += "quit\n";
  return script;
}

}  // namespace yunzi::bench
