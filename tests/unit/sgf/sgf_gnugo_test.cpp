// Records written by GNU Go: a real /usr/games/gnugo process plays a few
// moves over GTP and dumps the position with printsgf; the reader must give
// exactly the position those moves make on yunzi's own Game. The other way
// round, GNU Go loads an SGF file yunzi wrote and must see the same stones.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/sgf_record.hpp"
#include "engine/sgf_writer.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text_files.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

using yunzi::test_support::gnugo_path;

// Runs GNU Go on a GTP script and returns everything it printed.
std::string run_gnugo(const std::string& script) {
  const yunzi::test_support::TempDir dir;
  yunzi::test_support::write_file(dir / "script.gtp", script + "quit\n");
  const auto run = yunzi::test_support::run_program(
      {gnugo_path(), "--mode", "gtp", "--level", "1", "--gtp-input", dir.file("script.gtp")});
  return run.out + run.err;
}

// The GTP responses ("= text"), in order.
std::vector<std::string> responses(const std::string& output) {
  std::vector<std::string> found;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("= ", 0) == 0) found.push_back(line.substr(2));
    if (line == "=") found.emplace_back();
  }
  return found;
}

struct GnugoGame {
  std::vector<Move> moves;
  std::string sgf;  // GNU Go's printsgf answer, with the GTP noise around it
};

// GNU Go plays `count` moves by genmove (after its own fixed handicap, if any).
GnugoGame gnugo_plays(int size, int handicap, int count) {
  std::string script = "boardsize " + std::to_string(size) + "\nclear_board\nkomi 7.5\n";
  if (handicap > 0) script += "fixed_handicap " + std::to_string(handicap) + "\n";
  Color color = handicap > 0 ? Color::white : Color::black;
  for (int i = 0; i < count; ++i) {
    script += std::string("genmove ") + (color == Color::black ? "black" : "white") + "\n";
    color = opponent(color);
  }
  script += "printsgf\n";
  const std::string output = run_gnugo(script);
  const auto answers = responses(output);
  const std::size_t first_move = 3 + (handicap > 0 ? 1 : 0);
  GnugoGame game;
  game.sgf = output;
  color = handicap > 0 ? Color::white : Color::black;
  for (int i = 0; i < count && first_move + i < answers.size(); ++i) {
    const std::string& answer = answers[first_move + i];
    if (answer == "PASS" || answer == "pass") {
      game.moves.push_back(Move{color, std::nullopt});
    } else if (const auto vertex = parse_gtp(answer, size)) {
      game.moves.push_back(Move{color, *vertex});
    }
    color = opponent(color);
  }
  return game;
}

Game play_on_yunzi(int size, int handicap, const std::vector<Move>& moves) {
  GameSetup setup;
  setup.size = size;
  setup.handicap = handicap;
  setup.alternate = false;
  auto game = Game::create(setup);
  REQUIRE(game);
  for (const Move& move : moves) {
    if (move.is_pass()) {
      REQUIRE(game->pass(move.color));
    } else {
      REQUIRE(game->play(move.color, *move.vertex));
    }
  }
  return std::move(*game);
}

void check_same_stones(const Game& expected, const Game& actual) {
  const int size = expected.board().size();
  REQUIRE(actual.board().size() == size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      INFO("at " << to_gtp(Vertex{x, y}, size));
      CHECK(actual.board().color_at(Vertex{x, y}) == expected.board().color_at(Vertex{x, y}));
    }
  }
}

}  // namespace

TEST_CASE("positions GNU Go writes with printsgf read back exactly", "[sgf][gnugo]") {
  REQUIRE(yunzi::test_support::gnugo_available());
  struct Case {
    int size, handicap, moves;
  };
  for (const Case c : {Case{9, 0, 12}, Case{19, 0, 8}, Case{19, 3, 6}}) {
    INFO("size " << c.size << " handicap " << c.handicap);
    const GnugoGame played = gnugo_plays(c.size, c.handicap, c.moves);
    REQUIRE(played.moves.size() == static_cast<std::size_t>(c.moves));
    const auto read = read_sgf_game(played.sgf);
    INFO((read ? "" : read.error().reason));
    REQUIRE(read);
    CHECK(read->record.info.size == c.size);
    CHECK(read->record.info.handicap == c.handicap);
    const Game expected = play_on_yunzi(c.size, c.handicap, played.moves);
    check_same_stones(expected, read->game);
    CHECK(read->record.black_stones.size() + read->record.white_stones.size() ==
          static_cast<std::size_t>(expected.board().stone_count(Color::black) +
                                   expected.board().stone_count(Color::white)));
  }
}

TEST_CASE("GNU Go loads a record yunzi wrote and sees the same position", "[sgf][gnugo]") {
  REQUIRE(yunzi::test_support::gnugo_available());
  const GnugoGame played = gnugo_plays(13, 0, 10);
  REQUIRE(played.moves.size() == 10u);
  SgfExport exported;
  exported.size = 13;
  exported.black_name = "yunzi";
  for (const Move& move : played.moves) exported.moves.push_back(SgfExportMove{move, 60.0, std::nullopt, {}});
  const yunzi::test_support::TempDir dir;
  yunzi::test_support::write_file(dir / "yunzi.sgf", write_sgf(exported));
  const std::string output = run_gnugo("loadsgf " + dir.file("yunzi.sgf") + "\nprintsgf\n");
  const auto read = read_sgf_game(output);
  INFO(output);
  REQUIRE(read);
  check_same_stones(play_on_yunzi(13, 0, played.moves), read->game);
}
